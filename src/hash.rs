//! The hasher of shclass's own tables: FNV-1a (64 bits) with its fixed basis. The keys are short
//! names (programs, rule ids, subcommand words, the words a line's checks ask about again), for
//! which it costs a fraction of `SipHash`'s set-up and rounds. A fixed state also needs no
//! random seed (a `getrandom` call, and one more libc symbol bound at every start). Flooding is
//! not a concern: a table keyed by command text is bounded and cleared (`files::word_is_secret`),
//! and every other is keyed by policy names.

use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a over the bytes written.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The state of every `HashMap`/`HashSet` of shclass's tables.
pub(crate) type FixedState = BuildHasherDefault<Fnv>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv_1a_of_known_texts() {
        let hash = |text: &[u8]| {
            let mut h = Fnv::default();
            h.write(text);
            h.finish()
        };
        // The reference values of FNV-1a, 64 bits.
        assert_eq!(hash(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(hash(b"foobar"), 0x8594_4171_f739_67e8);
    }
}
