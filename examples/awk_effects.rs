//! Read NUL-separated awk programs from standard input and print, per program, a line:
//! `effects` (it runs a command, writes or reads a file, connects or loads code), `opaque`, or
//! `none`. Used by `scripts/awk-differential.py` to compare shclass's awk reader with gawk's own
//! `--sandbox` mode.

use std::io::Read;

fn main() -> std::io::Result<()> {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    let mut out = String::new();
    for piece in input.split(|&b| b == 0) {
        let text = String::from_utf8_lossy(piece);
        out.push_str(shclass::dev::awk_summary(&text));
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
