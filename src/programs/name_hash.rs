// The hash of a program name in the option-table index: FNV-1a, 32 bits. `include!`d by
// `build.rs`, which builds the index, and by `src/programs/tables.rs`, which looks names up, so
// the two cannot disagree.

/// FNV-1a of `name`'s bytes.
const fn name_hash(name: &[u8]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < name.len() {
        h ^= name[i] as u32;
        h = h.wrapping_mul(0x0100_0193);
        i += 1;
    }
    h
}
