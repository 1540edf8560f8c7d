//! The `shclass` binary: see `cli.rs`. All output goes through the one writer here.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
