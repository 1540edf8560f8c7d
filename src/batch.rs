//! Batch classification: many command lines, in parallel, output in input order.
//!
//! Splits the records over the available cores (one tree-sitter parser per thread, created on
//! first use) and returns one JSON line per record, in input order. A record that is not UTF-8
//! gets a JSON error object on its own line; nothing is dropped.

use crate::policy::Policy;

/// Classify every record; one JSON line each, in order.
pub fn classify_all(policy: &Policy, records: &[&[u8]]) -> Vec<String> {
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(records.len().max(1));
    let classify = |(i, rec): (usize, &&[u8])| -> String {
        match std::str::from_utf8(rec) {
            Ok(cmd) => policy.classify(cmd).to_json().to_string(),
            Err(e) => serde_json::json!({
                "schema": 1,
                "record": i,
                "error": format!("record is not valid UTF-8 (first bad byte at offset {})", e.valid_up_to()),
                "decision": "ask",
            })
            .to_string(),
        }
    };
    if threads <= 1 || records.len() < 64 {
        return records.iter().enumerate().map(classify).collect();
    }
    let chunk = records.len().div_ceil(threads);
    let mut out: Vec<String> = Vec::with_capacity(records.len());
    std::thread::scope(|s| {
        let handles: Vec<_> = records
            .chunks(chunk)
            .enumerate()
            .map(|(c, part)| {
                s.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(k, r)| classify((c * chunk + k, r)))
                        .collect::<Vec<String>>()
                })
            })
            .collect();
        for (c, h) in handles.into_iter().enumerate() {
            if let Ok(lines) = h.join() {
                out.extend(lines);
            } else {
                // A worker failed: every record of its chunk still gets a line.
                let n = records.len().saturating_sub(c * chunk).min(chunk);
                out.extend((0..n).map(|k| {
                    serde_json::json!({
                        "schema": 1,
                        "record": c * chunk + k,
                        "error": "internal error while classifying",
                        "decision": "ask",
                    })
                    .to_string()
                }));
            }
        }
    });
    out
}
