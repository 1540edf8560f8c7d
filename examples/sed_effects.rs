//! Read NUL-separated sed scripts from standard input and print, per script, a line: `effects`
//! (it runs a command, writes or reads a file), `opaque`, or `none`. Used by
//! `scripts/sed-differential.py` to compare shclass's sed reader with GNU sed's own
//! `--sandbox` mode.

use std::io::Read;

fn main() -> std::io::Result<()> {
    let mut input = Vec::new();
    std::io::stdin().read_to_end(&mut input)?;
    let mut out = String::new();
    for piece in input.split(|&b| b == 0) {
        let text = String::from_utf8_lossy(piece);
        out.push_str(shclass::dev::sed_summary(&text));
        out.push('\n');
    }
    print!("{out}");
    Ok(())
}
