//! Print tree-sitter's tree of a command (debugging aid).
fn main() {
    let s = std::env::args().nth(1).unwrap_or_default();
    println!("{}", shclass::dev::tree_text(&s));
}
