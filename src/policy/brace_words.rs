// The words of a subcommand glob that is only a list of plain words (`{view,info,show}`).
// `include!`d by `build.rs`, which files such a rule into the group of each word (loaded only
// when that subcommand runs), and by `src/glob.rs`, which matches such a glob by comparison, so
// the two cannot disagree.

/// `{a,b,c}` → `["a", "b", "c"]`: one brace group around the whole text, at least one comma,
/// and no wildcard, class, escape or nested group in it. Anything else is `None` (an empty
/// word included: `{,a}` may match the empty word, which no subcommand is).
fn brace_words(text: &str) -> Option<Vec<&str>> {
    let inner = text.strip_prefix('{')?.strip_suffix('}')?;
    if !inner.contains(',') || inner.contains(['{', '}', '[', ']', '*', '?', '\\']) {
        return None;
    }
    let words: Vec<&str> = inner.split(',').collect();
    (!words.iter().any(|w| w.is_empty())).then_some(words)
}
