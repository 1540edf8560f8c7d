//! Decoding of the built-in rules, packed by `build.rs` (see there for the layout), into the
//! [`RuleSpec`] values serde reads from the source files.
//!
//! By hand, without serde: a rule is a handful of numbers and offsets into one text, so
//! decoding it costs little more than allocating its strings and lists, about half of what
//! `serde_json` spent on the same rule (matching field names, unescaping). The decoder is
//! total and fails closed: data it does not understand, that lies outside its bounds or that
//! ends early is an error, never a panic and never a rule with a field left out. It does not
//! check what the build already has (the schema of the source files) nor compile anything:
//! that is `rule.rs`.

use std::fmt;

use super::lazy::tag;
use super::spec::{Condition, Examples, OneOrMany, RuleSpec, Text};

/// Packed rule data that cannot be decoded: which field, and what is wrong with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Malformed {
    /// The field being read (`rule` before the first).
    pub(crate) field: &'static str,
    /// What is wrong.
    pub(crate) what: &'static str,
}

impl fmt::Display for Malformed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "malformed built-in rule data at `{}`: {} (a bug in build.rs or src/policy/packed.rs)",
            self.field, self.what
        )
    }
}

/// Where one rule lies in the code: starts of its fields, of its `program` field and of its
/// examples, and its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Record {
    /// Start of its tagged fields.
    pub(crate) start: usize,
    /// Start of its `program` field (its examples' start when it has none).
    pub(crate) program: usize,
    /// Start of its examples.
    pub(crate) examples: usize,
    /// End of the rule.
    pub(crate) end: usize,
}

/// Which `program` the decoded rule gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Program<'a> {
    /// Its own field, as written.
    Own,
    /// Its own field, which must name no program or `*`: the rule's copy in the group `*`.
    Any,
    /// `name` alone: the rule's copy in the group of that program. `at` is where, from the
    /// start of the rule's `program` field, the string naming it lies; it must name `name`.
    Only {
        /// The group's program.
        name: &'a str,
        /// Offset of the string naming it in the rule's `program` field.
        at: usize,
    },
}

/// Decode one rule of `code` (strings in `text`). With `examples`, its hit/miss examples
/// too (they are only checked, by the test suite, never needed to decide).
pub(crate) fn rule(
    code: &[u8],
    text: &'static str,
    r: Record,
    program: Program<'_>,
    examples: bool,
) -> Result<RuleSpec, Malformed> {
    let section = |a: usize, b: usize, field: &'static str| {
        code.get(a..b)
            .map(|bytes| Reader { bytes, text, field })
            .ok_or(Malformed {
                field,
                what: "its offsets lie outside the data",
            })
    };
    let mut spec = fields(section(r.start, r.program, "rule")?)?;
    let mut own = section(r.program, r.examples, "program")?;
    spec.program = match program {
        Program::Own => own.program()?,
        Program::Any => {
            let p = own.program()?;
            let any = match &p {
                None => true,
                Some(OneOrMany::One(s)) => s == "*",
                Some(OneOrMany::Many(v)) => v.iter().any(|s| s == "*"),
            };
            if !any {
                return Err(own.bad("a rule of the group `*` names programs, not `*`"));
            }
            p
        }
        Program::Only { name, at } => {
            // The string at `at`, past the kind byte, must name the group's program.
            own.bytes = own.bytes.get(at..).filter(|_| at > 0).unwrap_or_default();
            let named = own.str()?;
            if named != name {
                return Err(own.bad("it does not name its group's program"));
            }
            Some(OneOrMany::One(Text::Borrowed(named)))
        }
    };
    if examples {
        let mut ex = section(r.examples, r.end, "examples")?;
        spec.examples = Examples {
            hit: ex.list()?,
            miss: ex.list()?,
        };
        ex.done()?;
    }
    Ok(spec)
}

/// The tagged fields of a rule (its `program` and examples left empty).
fn fields(mut r: Reader<'_>) -> Result<RuleSpec, Malformed> {
    let mut id = None;
    let mut decision = None;
    let mut spec = RuleSpec {
        id: Text::Borrowed(""),
        decision: Text::Borrowed(""),
        risk: None,
        program: None,
        any_path: false,
        subcommand: None,
        flags: None,
        args: None,
        options: None,
        max_operands: None,
        min_operands: None,
        max_options: None,
        other_options: None,
        env: None,
        via: None,
        context: None,
        command: None,
        dynamic_args: false,
        glob_options: false,
        first_operand: false,
        tags: Vec::new(),
        suggest: None,
        reason: None,
        examples: Examples::default(),
    };
    let mut last = tag::END;
    loop {
        let t = r
            .byte()
            .ok_or(r.bad("the data ends before the end of the fields"))?;
        if t == tag::END {
            r.done()?;
            break;
        }
        if t <= last {
            return Err(r.bad("a field out of order or repeated follows it"));
        }
        last = t;
        match t {
            tag::ID => {
                r.field = "id";
                id = Some(r.string()?);
            }
            tag::DECISION => {
                r.field = "decision";
                decision = Some(r.string()?);
            }
            tag::RISK => {
                r.field = "risk";
                spec.risk = Some(r.string()?);
            }
            tag::ANY_PATH => {
                r.field = "any_path";
                spec.any_path = r.bool()?;
            }
            tag::SUBCOMMAND => {
                r.field = "subcommand";
                spec.subcommand = Some(OneOrMany::One(r.string()?));
            }
            tag::SUBCOMMAND_MANY => {
                r.field = "subcommand";
                spec.subcommand = Some(OneOrMany::Many(r.list()?));
            }
            tag::FLAGS => {
                r.field = "flags";
                spec.flags = Some(r.condition()?);
            }
            tag::ARGS => {
                r.field = "args";
                spec.args = Some(r.condition()?);
            }
            tag::MAX_OPERANDS => {
                r.field = "max_operands";
                spec.max_operands = Some(r.uint()?);
            }
            tag::MIN_OPERANDS => {
                r.field = "min_operands";
                spec.min_operands = Some(r.uint()?);
            }
            tag::ENV => {
                r.field = "env";
                spec.env = Some(r.list()?);
            }
            tag::VIA => {
                r.field = "via";
                spec.via = Some(r.list()?);
            }
            tag::CONTEXT => {
                r.field = "context";
                spec.context = Some(r.list()?);
            }
            tag::COMMAND => {
                r.field = "command";
                spec.command = Some(r.string()?);
            }
            tag::DYNAMIC_ARGS => {
                r.field = "dynamic_args";
                spec.dynamic_args = r.bool()?;
            }
            tag::GLOB_OPTIONS => {
                r.field = "glob_options";
                spec.glob_options = r.bool()?;
            }
            tag::MAX_OPTIONS => {
                r.field = "max_options";
                spec.max_options = Some(r.uint()?);
            }
            tag::OTHER_OPTIONS => {
                r.field = "other_options";
                spec.other_options = Some(r.list()?);
            }
            tag::FIRST_OPERAND => {
                r.field = "first_operand";
                spec.first_operand = r.bool()?;
            }
            tag::TAGS => {
                r.field = "tags";
                spec.tags = r.list()?;
            }
            tag::REASON => {
                r.field = "reason";
                spec.reason = Some(r.string()?);
            }
            tag::SUGGEST => {
                r.field = "suggest";
                spec.suggest = Some(r.string()?);
            }
            tag::OPTIONS => {
                r.field = "options";
                spec.options = Some(r.option_values()?);
            }
            _ => return Err(r.bad("an unknown field tag follows it")),
        }
    }
    let missing = |field| Malformed {
        field,
        what: "a rule needs it",
    };
    spec.id = id.ok_or(missing("id"))?;
    spec.decision = decision.ok_or(missing("decision"))?;
    Ok(spec)
}

/// Reads values from one section of the code, naming `field` in its errors.
struct Reader<'a> {
    bytes: &'a [u8],
    text: &'static str,
    field: &'static str,
}

impl Reader<'_> {
    fn bad(&self, what: &'static str) -> Malformed {
        Malformed {
            field: self.field,
            what,
        }
    }

    fn byte(&mut self) -> Option<u8> {
        let (&b, rest) = self.bytes.split_first()?;
        self.bytes = rest;
        Some(b)
    }

    /// A LEB128 number that fits in 32 bits.
    fn uint(&mut self) -> Result<usize, Malformed> {
        let mut v: u32 = 0;
        for shift in [0, 7, 14, 21, 28] {
            let b = self
                .byte()
                .ok_or(self.bad("the data ends inside a number"))?;
            let low = u32::from(b & 0x7f);
            if shift == 28 && (low > 0x0f || b & 0x80 != 0) {
                break;
            }
            v |= low << shift;
            if b & 0x80 == 0 {
                return usize::try_from(v).map_err(|_| self.bad("a number out of range"));
            }
        }
        Err(self.bad("a number out of range"))
    }

    fn bool(&mut self) -> Result<bool, Malformed> {
        match self.byte() {
            Some(0) => Ok(false),
            Some(1) => Ok(true),
            Some(_) => Err(self.bad("a bool that is neither 0 nor 1")),
            None => Err(self.bad("the data ends inside a bool")),
        }
    }

    fn str(&mut self) -> Result<&'static str, Malformed> {
        let start = self.uint()?;
        let len = self.uint()?;
        start
            .checked_add(len)
            .and_then(|end| self.text.get(start..end))
            .ok_or(self.bad("a string outside the text"))
    }

    /// A string of the text, borrowed: decoding a rule allocates only its lists.
    fn string(&mut self) -> Result<Text, Malformed> {
        self.str().map(Text::Borrowed)
    }

    fn list(&mut self) -> Result<Vec<Text>, Malformed> {
        let n = self.uint()?;
        // Each string takes two bytes at least: a count the data cannot hold is an error
        // before anything is allocated for it.
        if n > self.bytes.len() / 2 {
            return Err(self.bad("a list longer than the data"));
        }
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.string()?);
        }
        Ok(out)
    }

    fn condition(&mut self) -> Result<Condition, Malformed> {
        Ok(Condition {
            any: self.list()?,
            all: self.list()?,
            none: self.list()?,
        })
    }

    /// Option names, each with its list of value patterns.
    fn option_values(&mut self) -> Result<std::collections::BTreeMap<Text, Vec<Text>>, Malformed> {
        let n = self.uint()?;
        // Each entry takes three bytes at least.
        if n > self.bytes.len() / 3 {
            return Err(self.bad("a table longer than the data"));
        }
        let mut out = std::collections::BTreeMap::new();
        for _ in 0..n {
            let name = self.string()?;
            let values = self.list()?;
            out.insert(name, values);
        }
        Ok(out)
    }

    /// A whole `program` field: a kind byte, and a string or a list.
    fn program(&mut self) -> Result<Option<OneOrMany>, Malformed> {
        let p = match self.byte() {
            Some(tag::NONE) => None,
            Some(tag::ONE) => Some(OneOrMany::One(self.string()?)),
            Some(tag::MANY) => Some(OneOrMany::Many(self.list()?)),
            Some(_) => return Err(self.bad("an unknown kind of program field")),
            None => return Err(self.bad("the data ends before the program field")),
        };
        self.done()?;
        Ok(p)
    }

    /// The section must be read to its end.
    fn done(&self) -> Result<(), Malformed> {
        if self.bytes.is_empty() {
            Ok(())
        } else {
            Err(self.bad("data left over after the field"))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::lazy::{RULE_CODE, RULE_TEXT, RULES};

    const TEXT: &str = "idallowrmrésumé";

    /// A rule packed by hand: `id = "id"`, `decision = "allow"`, `program = "rm"`, and
    /// `extra` before the end of its fields.
    fn packed(extra: &[u8]) -> (Vec<u8>, Record) {
        let mut code = vec![tag::ID, 0, 2, tag::DECISION, 2, 5];
        code.extend_from_slice(extra);
        code.push(tag::END);
        let program = code.len();
        code.extend([tag::ONE, 7, 2]);
        let examples = code.len();
        code.extend([1, 0, 2, 0]);
        let end = code.len();
        let r = Record {
            start: 0,
            program,
            examples,
            end,
        };
        (code, r)
    }

    fn decode(extra: &[u8]) -> Result<RuleSpec, Malformed> {
        let (code, r) = packed(extra);
        rule(&code, TEXT, r, Program::Own, true)
    }

    #[test]
    fn option_values_decode_name_by_name() {
        // `options = { "rm" = ["id", "allow"] }` (names from the text; the loader checks them).
        let spec = decode(&[tag::OPTIONS, 1, 7, 2, 2, 0, 2, 2, 5]).unwrap();
        let options = spec.options.unwrap_or_default();
        assert_eq!(options.len(), 1);
        assert_eq!(
            options.get("rm").map(Vec::as_slice),
            Some(&["id".into(), "allow".into()][..])
        );
        let e = decode(&[tag::OPTIONS, 0x7f, 7, 2]).unwrap_err();
        assert_eq!(
            (e.field, e.what),
            ("options", "a table longer than the data")
        );
    }

    #[test]
    fn a_rule_packed_by_hand_decodes() {
        let spec = decode(&[tag::ANY_PATH, 1, tag::MAX_OPERANDS, 0x81, 0x01]).unwrap();
        assert_eq!((&*spec.id, &*spec.decision), ("id", "allow"));
        assert_eq!(spec.program, Some(OneOrMany::One("rm".into())));
        assert!(spec.any_path && !spec.dynamic_args);
        assert_eq!(spec.max_operands, Some(129));
        assert_eq!(spec.examples.hit, ["id"]);
        assert!(spec.examples.miss.is_empty() && spec.flags.is_none() && spec.tags.is_empty());
        // Without examples, the examples are not even looked at.
        let (code, r) = packed(&[]);
        let spec = rule(&code[..r.examples], TEXT, r, Program::Own, false).unwrap();
        assert_eq!(spec.examples, Examples::default());
    }

    #[test]
    fn malformed_fields_are_errors_naming_the_field() {
        let cases: &[(&[u8], &str, &str)] = &[
            (&[99, 0, 0], "decision", "an unknown field tag follows it"),
            (
                &[tag::DECISION, 2, 5],
                "decision",
                "out of order or repeated",
            ),
            (
                &[tag::REASON, 0, 2, tag::RISK, 0, 2],
                "reason",
                "out of order",
            ),
            (&[tag::ANY_PATH, 2], "any_path", "neither 0 nor 1"),
            (&[tag::RISK, 0, 99], "risk", "outside the text"),
            (
                &[tag::RISK, 0xff, 0xff, 0xff, 0xff, 0x0f],
                "risk",
                "outside the text",
            ),
            (
                &[tag::RISK, 0, 0xff, 0xff, 0xff, 0xff, 0x7f],
                "risk",
                "out of range",
            ),
            (
                &[tag::RISK, 0, 0x80, 0x80, 0x80, 0x80, 0x80, 0],
                "risk",
                "out of range",
            ),
            // "r" and half of `é`.
            (&[tag::RISK, 9, 2], "risk", "outside the text"),
            (
                &[tag::TAGS, 0xff, 0xff, 0x03],
                "tags",
                "longer than the data",
            ),
            (&[tag::FLAGS, 1, 0, 2, 1], "flags", "longer than the data"),
        ];
        for &(extra, field, what) in cases {
            let e = decode(extra).unwrap_err();
            assert_eq!(e.field, field, "{extra:?}: {e}");
            assert!(e.to_string().contains(what), "{extra:?}: {e}");
        }
        // A valid string that is not ASCII.
        assert_eq!(
            decode(&[tag::RISK, 9, 8]).unwrap().risk.as_deref(),
            Some("résumé")
        );
        // A rule needs its id and decision.
        let code = [tag::DECISION, 2, 5, tag::END, tag::NONE, 0, 0];
        let r = Record {
            start: 0,
            program: 4,
            examples: 5,
            end: 7,
        };
        let e = rule(&code, TEXT, r, Program::Own, true).unwrap_err();
        assert_eq!((e.field, e.what), ("id", "a rule needs it"));
        // A kind of program field that does not exist, data left over after one.
        let mut bad = code;
        bad[..4].copy_from_slice(&[tag::ID, 0, 2, tag::END]);
        bad[4] = 7;
        assert!(rule(&bad, TEXT, r, Program::Own, true).is_err());
        let (mut code, r) = packed(&[]);
        code.insert(r.examples, 0);
        let r = Record {
            examples: r.examples + 1,
            end: r.end + 1,
            ..r
        };
        let e = rule(&code, TEXT, r, Program::Own, true).unwrap_err();
        assert_eq!(
            (e.field, e.what),
            ("program", "data left over after the field")
        );
    }

    #[test]
    fn offsets_outside_the_data_are_errors() {
        let (code, r) = packed(&[]);
        for bad in [
            Record {
                end: r.end + 1,
                ..r
            },
            Record {
                start: r.program + 1,
                ..r
            },
            Record {
                program: usize::MAX,
                ..r
            },
        ] {
            assert!(
                rule(&code, TEXT, bad, Program::Own, true).is_err(),
                "{bad:?}"
            );
        }
    }

    /// The built-in rules as records, with copies of their bytes.
    fn builtin() -> impl Iterator<Item = Record> {
        (0..RULES.len()).map(|i| {
            let (_, _, start, program, examples) = RULES[i];
            let end = RULES.get(i + 1).map_or(RULE_CODE.len(), |n| n.2 as usize);
            Record {
                start: start as usize,
                program: program as usize,
                examples: examples as usize,
                end,
            }
        })
    }

    #[test]
    fn every_built_in_rule_cut_short_anywhere_is_an_error() {
        for r in builtin() {
            let reader = |a: usize, b: usize| Reader {
                bytes: &RULE_CODE[a..b],
                text: RULE_TEXT,
                field: "",
            };
            assert!(fields(reader(r.start, r.program)).is_ok());
            for cut in r.start..r.program {
                assert!(fields(reader(r.start, cut)).is_err(), "{r:?} cut at {cut}");
            }
            for cut in r.program..r.examples {
                assert!(
                    reader(r.program, cut).program().is_err(),
                    "{r:?} cut at {cut}"
                );
            }
            for cut in r.examples..r.end {
                let mut ex = reader(r.examples, cut);
                let whole = ex.list().and_then(|_| ex.list()).and_then(|_| ex.done());
                assert!(whole.is_err(), "{r:?} cut at {cut}");
            }
            // And the whole data cut short.
            for cut in [r.start, r.program, r.examples, r.end - 1] {
                let code = &RULE_CODE[..cut];
                assert!(rule(code, RULE_TEXT, r, Program::Own, true).is_err());
            }
        }
    }

    #[test]
    fn any_byte_of_a_built_in_rule_changed_decodes_or_fails_without_panicking() {
        for r in builtin().step_by(23) {
            let mut code = RULE_CODE[r.start..r.end].to_vec();
            let r = Record {
                start: 0,
                program: r.program - r.start,
                examples: r.examples - r.start,
                end: r.end - r.start,
            };
            for i in 0..code.len() {
                let was = code[i];
                for b in [0, 1, 2, 0x7f, 0x80, 0xff, was ^ 1, was ^ 0x40] {
                    code[i] = b;
                    let _ = rule(&code, RULE_TEXT, r, Program::Own, true);
                    let _ = rule(&code, RULE_TEXT, r, Program::Any, false);
                    let _ = rule(
                        &code,
                        RULE_TEXT,
                        r,
                        Program::Only { name: "git", at: 2 },
                        false,
                    );
                }
                code[i] = was;
            }
        }
    }
}
