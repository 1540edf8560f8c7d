//! Command-line interface: clap definitions, reading input, printing, exit codes.
//!
//! Everything that decides lives in the library; this file only wires it to stdin/stdout.

use std::io::{Read, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use shclass::Limits;
use shclass::analyze::{Analysis, analyze};

/// Exit code for a usage or input error (never 0, 1 or 2, which are verdicts).
pub(crate) const EXIT_ERROR: u8 = 64;

#[derive(Parser)]
#[command(
    name = "shclass",
    version,
    about = "Decide whether a shell command is safe: allow, ask or deny"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Show every execution unit of a command, with flags.
    Analyze {
        /// Print JSON.
        #[arg(long)]
        json: bool,
        /// The command; all of standard input when absent.
        cmd: Option<String>,
    },
}

pub(crate) fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_ERROR } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("shclass: {e:#}");
            ExitCode::from(EXIT_ERROR)
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Cmd::Analyze { json, cmd }) => {
            let input = read_input(cmd)?;
            let analysis = analyze(&input, &Limits::default());
            let mut out = std::io::stdout().lock();
            if json {
                writeln!(
                    out,
                    "{}",
                    serde_json::to_string_pretty(&analysis.to_json())?
                )?;
            } else {
                write!(out, "{}", human(&analysis))?;
            }
            Ok(ExitCode::SUCCESS)
        }
        None => anyhow::bail!("no command given; try `shclass --help`"),
    }
}

fn read_input(cmd: Option<String>) -> anyhow::Result<String> {
    if let Some(c) = cmd {
        return Ok(c);
    }
    let mut buf = Vec::new();
    std::io::stdin().read_to_end(&mut buf)?;
    String::from_utf8(buf).map_err(|e| {
        anyhow::anyhow!(
            "input is not valid UTF-8 (first bad byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
}

fn human(a: &Analysis) -> String {
    let mut s = String::new();
    for (i, u) in a.units.iter().enumerate() {
        let argv: Vec<String> = u
            .argv
            .iter()
            .map(|w| {
                w.value
                    .clone()
                    .unwrap_or_else(|| format!("<{}>", w.template))
            })
            .collect();
        s.push_str(&format!(
            "unit {}: {}\n  argv: {:?}\n",
            i + 1,
            u.program.as_deref().unwrap_or("<dynamic>"),
            argv
        ));
        if !u.via.is_empty() {
            s.push_str(&format!("  via: {}\n", u.via.join(" → ")));
        }
        s.push_str(&caret(&a.input, u.span));
    }
    for f in &a.flags {
        s.push_str(&format!("flag {}: {}\n", f.kind.name(), f.detail));
        s.push_str(&caret(&a.input, f.span));
    }
    s
}

/// The input line holding `span`, with carets under it.
pub(crate) fn caret(input: &str, span: shclass::ast::Span) -> String {
    let start = span.start.min(input.len());
    let line_start = input[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = input[start..].find('\n').map_or(input.len(), |i| start + i);
    let line = &input[line_start..line_end];
    let col = input[line_start..start].chars().count();
    let end = span.end.min(line_end).max(start);
    let width = input[start..end].chars().count().max(1);
    format!("    {line}\n    {}{}\n", " ".repeat(col), "^".repeat(width))
}
