//! The `shclass` binary: the command-line interface lives in the library (`src/cli.rs`), behind
//! one hidden entry point, so the library's public API stays what `src/lib.rs` re-exports.

fn main() -> std::process::ExitCode {
    shclass::cli_main()
}
