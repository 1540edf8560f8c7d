//! Split a corpus into the lines shclass's fast path takes (`src/parse/simple.rs`) and the
//! rest, as NUL-separated files for `shclass batch -z` and `examples/bare_parse -z`:
//!
//! ```text
//! cargo run --release --example fast_path_split [CORPUS]   # default tests/data/tldr-commands.txt
//! ```
//!
//! writes `/tmp/tldr-fast.z` and `/tmp/tldr-slow.z`; the README's throughput table uses the
//! second.

use std::io::Write;

fn main() -> std::io::Result<()> {
    let src = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "tests/data/tldr-commands.txt".to_owned());
    let text = std::fs::read_to_string(&src)?;
    let limits = shclass::Limits::default();
    let (mut fast, mut slow) = (Vec::new(), Vec::new());
    let (mut taken, mut rest) = (0, 0);
    for line in text.lines() {
        let (out, n) = if shclass::dev::takes_fast_path(line, &limits) {
            (&mut fast, &mut taken)
        } else {
            (&mut slow, &mut rest)
        };
        out.write_all(line.as_bytes())?;
        out.push(0);
        *n += 1;
    }
    std::fs::write("/tmp/tldr-fast.z", fast)?;
    std::fs::write("/tmp/tldr-slow.z", slow)?;
    println!("{taken} lines take the fast path, {rest} do not");
    Ok(())
}
