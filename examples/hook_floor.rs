//! The floor a hook process is measured against: read the agent's hook JSON from standard
//! input, take `tool_input.command`, parse it with tree-sitter, print the node count. No
//! policy, no decision. Compare with `shclass hook claude` on the same input (README,
//! Performance).

use std::io::Read;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input)?;
    let v: serde_json::Value = serde_json::from_str(&input)?;
    let cmd = v["tool_input"]["command"].as_str().unwrap_or_default();
    println!("{}", shclass::dev::bare_parse(cmd));
    Ok(())
}
