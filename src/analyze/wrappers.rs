//! The wrapper table: programs that run another program (`sudo`, `timeout`, `env`, `nohup`…),
//! as data, and the one routine that strips them.
//!
//! Each [`WrapperSpec`] says how the wrapper's own options are parsed (which take a value, which
//! make it a query that runs nothing, which carry shell code) and how many operands come before
//! the inner command. Stripping never guesses: a dynamic word where an option or the command
//! is expected makes the result [`Strip::Opaque`]. The stripped chain is kept by the caller as the
//! unit's `via`, so rules can still see `sudo`.
//!
//! Shells (`bash -c`), `eval`, `find -exec` and git's command-running config are not wrappers:
//! they are handled in `nested.rs`.

use super::word::Arg;
use crate::programs::args::{self, OptionSpec, Parsed};
use crate::programs::tables;
use crate::wordlist::{Letters, Words, words};

/// How one wrapper parses its arguments.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WrapperSpec {
    /// Program name.
    pub name: &'static str,
    /// Short options that take a value (attached `-n5` or separate `-n 5`).
    pub short_value: Letters,
    /// Long options that take a value (`--signal KILL` or `--signal=KILL`).
    pub long_value: Words,
    /// Operands before the inner command (`timeout DURATION`, `chroot DIR`, `flock FILE`).
    pub positionals: usize,
    /// Options whose value is shell code (`su -c`, `script -c`, `flock -c`, `env -S`).
    pub code_options: Words,
    /// Options that make the wrapper run no command (`command -v`, `sudo -l`, `ionice -p`).
    pub query_options: Words,
    /// `NAME=value` operands before the command are environment assignments (`env`).
    pub assignments: bool,
    /// `-10` is an option (`nice -10 cmd`).
    pub numeric_short: bool,
    /// The remaining words are joined with spaces and run through `sh -c` (`watch`, `parallel`).
    pub shell_joined: bool,
    /// The code option may appear anywhere (after a user name: `su root -c CMD`); without it the
    /// wrapper runs no given command.
    pub code_anywhere: bool,
    /// Options that turn a `code_anywhere` wrapper into one that runs its operands as a command
    /// (`runuser -u USER CMD…`), or that make a `shell_joined` one exec the words directly
    /// instead of through `sh -c` (`watch -x`).
    pub direct_options: Words,
    /// Options whose value is a file the wrapper itself writes (`time -o F`, `strace -o F`,
    /// `valgrind --log-file=F`): the caller treats each as a write of that file.
    pub output_options: Words,
    /// The first operand after the options is a file the wrapper writes (`script [FILE]`).
    pub output_operand: bool,
    /// Options whose value is a file the wrapper feeds to the command's standard input
    /// (`hyperfine --input F`; the value `null` names none): the caller reads each as the
    /// command's `< F`.
    pub input_options: Words,
    /// An output option's value `|CMD` or `!CMD` pipes the output into `sh -c CMD` (`strace`).
    pub output_pipes: bool,
    /// Values of the output options that name no file (hyperfine's `--output=null`, `pipe`,
    /// `inherit`): every other value is a file written.
    pub output_keywords: &'static [&'static str],
    /// Forms that, given none of the output options, write a file of a fixed name in the
    /// working directory (`perf record CMD` writes `./perf.data`): form and file name; the
    /// empty form is the name alone (`script -c CMD` writes `./typescript`).
    pub default_outputs: &'static [(&'static str, &'static str)],
    /// The words that must follow the name for it to be a wrapper, one form each, its words
    /// separated by a space (`uv run`, `ip netns exec`, `perf stat`); empty: the name alone.
    /// Any other use of the program is the program itself.
    pub subcommands: Words,
    /// Options whose value is a file the wrapper reads and hands to the command as its
    /// arguments (`xargs -a FILE`): what is in it reaches the command line.
    pub arg_files: Words,
    /// Options whose value is how many commands the wrapper runs at once (`xargs -P N`,
    /// `parallel -j N`): see [`job_count`].
    pub job_counts: Words,
    /// Options whose value is the string the wrapper replaces in its command's words with each
    /// input (`xargs -I R`, `-i[R]`, `--replace[=R]`): see [`replace_string`].
    pub replace_options: Words,
    /// Every operand, and the value of each `code_options` option, is a whole shell command of
    /// its own (`hyperfine 'make' 'make -j8'`, `hyperfine --prepare CMD CMD`).
    pub code_operands: bool,
    /// Options that take several values (`hyperfine -P NAME MIN MAX`): name and count.
    pub multi_value: &'static [(&'static str, usize)],
    /// Forms whose command is the words after this many operands (and an optional `--`),
    /// joined with spaces and run through `sh -c` (`npm explore PKG -- CMD…`). Matched before
    /// `subcommands`.
    pub joined_forms: &'static [(&'static str, usize)],
    /// Given no command, the wrapper starts the user's shell (`su`, `script`, `unshare`,
    /// `chroot DIR`, `tmux new-session`; for a wrapper with `subcommands`, also bare or with
    /// options only: `tmux`), once its operands are there: [`Strip::Shell`].
    pub bare_shell: bool,
    /// Options that make the wrapper start the user's shell when no command follows (`sudo -s`,
    /// `sudo -i`, `doas -s`, `systemd-run --shell`).
    pub shell_options: Words,
    /// The positionals come before the options (`setarch ARCH -R CMD`).
    pub options_after_positionals: bool,
    /// The command's standard output is the wrapper's, unchanged (`timeout`, `nice`, `env`,
    /// `sudo`): what a pipeline stage writes is what its command writes.
    pub output_unchanged: bool,
    /// The operands before `--` are not the command (`mise exec node@20 -- node app.js`: tools
    /// to load); the command is the words after `--`, and given none (nor a code option) the
    /// wrapper starts the user's shell.
    pub command_after_dashes: bool,
    /// The wrapper rewrites its command's words before it runs them (cross-env drops each
    /// unescaped `'`, the `\` before `\`, `$` or `"`, and empty words): a word it would
    /// change, or one known only at run time, may become another option or operand (`'-o'` is
    /// `-o`), so the reading is unproven.
    pub requotes: bool,
    /// Words after the command that name files whose lines become the command's arguments, up
    /// to the next separator (`parallel CMD :::: FILE…`, as `-a FILE`); the separators that end
    /// such a list are these and `separators_end`.
    pub arg_file_separators: Words,
    /// Separators that start a list of argument values (`parallel CMD ::: a b`).
    pub separators_end: Words,
    /// Options whose value is the command's zeroth argument (`exec -a NAME`, `env --argv0
    /// NAME`, `chpst -b NAME`): a multi-call program (busybox, toybox, uutils coreutils) runs
    /// as the program that name gives.
    pub argv0_options: Words,
    /// Flags that make the first operand shell code the wrapper runs through the shell, the
    /// words after it appended (`entr -s CODE`).
    pub operand_code_options: Words,
    /// Words of the command the wrapper replaces with a value known at run time only (entr's
    /// `/_`: the file that changed): the command that runs is not the one written.
    pub run_time_words: Words,
    /// Forms that hand the command to an instance of the program already running, which runs
    /// it in a window of its own where the person works (`kitty @ launch CMD…`, `alacritty msg
    /// create-window -e CMD…`): matched before `subcommands` (and for a wrapper without them,
    /// before the bare reading). The command is judged, and the line is never allowed.
    pub remote_forms: Words,
    /// Forms that type their operands into a window of an instance of the program already
    /// running, where a shell may read them as a command line (`kitty @ send-text TEXT`): the
    /// text is read as shell code, and the line is never allowed.
    pub typed_forms: Words,
    /// Prefixes of the first word the program reads as a word of their own followed by the
    /// rest (kitty reads `kitty @launch CMD` as `kitty @ launch CMD`, `+kitten` as `+ kitten`):
    /// the words are read split, so the forms above match either spelling.
    pub split_prefixes: Words,
    /// Options that start the command with an environment holding none of the shell's
    /// variables, `PATH` among them (`env -i`, `exec -c`, `flatpak-spawn --clear-env`): see
    /// [`drops_path`].
    pub clears_environment: Words,
    /// Options whose value names a variable removed from the command's environment (`env -u
    /// NAME`, `flatpak-spawn --unset-env=NAME`): see [`drops_path`].
    pub unset_options: Words,
    /// Options whose value the wrapper evaluates as code to compute a number (GNU parallel
    /// hands `--block 1M`, `-n 2`, `--delay 1s` and `--timeout 10` to Perl's `eval` once their
    /// unit letters are replaced, so `--delay '`i\144`'` runs `id`): a value other than a
    /// plain number ([`plain_number`]) is an option that runs code, as [`effect_options`] says.
    pub evaluated_numbers: Words,
}

const fn spec(name: &'static str) -> WrapperSpec {
    WrapperSpec {
        name,
        short_value: Letters::EMPTY,
        long_value: Words::EMPTY,
        positionals: 0,
        code_options: Words::EMPTY,
        query_options: Words::EMPTY,
        assignments: false,
        numeric_short: false,
        shell_joined: false,
        code_anywhere: false,
        direct_options: Words::EMPTY,
        output_options: Words::EMPTY,
        output_operand: false,
        input_options: Words::EMPTY,
        output_pipes: false,
        output_keywords: &[],
        default_outputs: &[],
        subcommands: Words::EMPTY,
        arg_files: Words::EMPTY,
        job_counts: Words::EMPTY,
        replace_options: Words::EMPTY,
        code_operands: false,
        multi_value: &[],
        joined_forms: &[],
        bare_shell: false,
        shell_options: Words::EMPTY,
        options_after_positionals: false,
        output_unchanged: false,
        command_after_dashes: false,
        requotes: false,
        arg_file_separators: Words::EMPTY,
        separators_end: Words::EMPTY,
        argv0_options: Words::EMPTY,
        operand_code_options: Words::EMPTY,
        run_time_words: Words::EMPTY,
        remote_forms: Words::EMPTY,
        typed_forms: Words::EMPTY,
        split_prefixes: Words::EMPTY,
        clears_environment: Words::EMPTY,
        unset_options: Words::EMPTY,
        evaluated_numbers: Words::EMPTY,
    }
}

/// Every known wrapper. Sorted by name (a unit test checks) so lookups can binary-search.
pub(crate) static WRAPPERS: &[WrapperSpec] = &[
    WrapperSpec {
        // Terminal emulators run the command given them in a window (`alacritty -e CMD…`,
        // `gnome-terminal -- CMD…`); their tables end the options at that option.
        query_options: words!["-h", "--help", "-V", "--version"],
        // `alacritty msg create-window -e CMD…`: the running alacritty opens the window.
        remote_forms: words!["msg create-window"],
        ..spec("alacritty")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        ..spec("asdf")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        positionals: 1,
        ..spec("aws-vault")
    },
    WrapperSpec {
        output_unchanged: true,
        ..spec("builtin")
    },
    WrapperSpec {
        subcommands: words!["exec", "ex"],
        ..spec("bundle")
    },
    spec("bunx"),
    spec("busybox"),
    WrapperSpec {
        query_options: words!["--help", "--version"],
        argv0_options: words!["--argv0"],
        ..spec("bwrap")
    },
    WrapperSpec {
        query_options: Words::EMPTY,
        ..spec("caffeinate")
    },
    WrapperSpec {
        // `cargo watch -s CMD` runs CMD through the shell, `cargo watch -- CMD` runs CMD; `-x
        // SUBCMD` runs a cargo subcommand, which stays `cargo watch …` (asked).
        subcommands: words!["watch"],
        code_options: words!["-s", "--shell"],
        ..spec("cargo")
    },
    spec("catchsegv"),
    spec("cgexec"),
    WrapperSpec {
        // `choom -n 100 -- CMD` runs CMD with an OOM score; `choom -p PID` reads or sets one.
        query_options: words!["-p", "--pid"],
        ..spec("choom")
    },
    WrapperSpec {
        argv0_options: words!["-b"],
        ..spec("chpst")
    },
    spec("chronic"),
    WrapperSpec {
        positionals: 1,
        bare_shell: true,
        ..spec("chroot")
    },
    WrapperSpec {
        positionals: 1,
        query_options: words!["-p", "--pid", "-m", "--max"],
        output_unchanged: true,
        ..spec("chrt")
    },
    WrapperSpec {
        subcommands: words!["-E"],
        ..spec("cmake")
    },
    WrapperSpec {
        query_options: words!["-v", "-V"],
        output_unchanged: true,
        ..spec("command")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        ..spec("composer")
    },
    WrapperSpec {
        // `concurrently 'npm run api' 'npm run web'`: each operand is a shell command.
        short_value: Letters::of("ncpsmtl"),
        long_value: words![
            "--names",
            "--name-separator",
            "--prefix-colors",
            "--prefix",
            "--success",
            "--max-processes",
            "--timestamp-format",
            "--prefix-length",
            "--restart-tries",
            "--restart-after",
            "--default-input-target",
            "--kill-signal",
            "--pad-prefix",
        ],
        query_options: words!["-h", "--help", "-v", "-V", "--version"],
        code_operands: true,
        ..spec("concurrently")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("conda")
    },
    spec("coproc"),
    WrapperSpec {
        query_options: words!["-p", "-e", "-P", "--pid", "--exe", "--path"],
        ..spec("cpulimit")
    },
    WrapperSpec {
        assignments: true,
        requotes: true,
        ..spec("cross-env")
    },
    WrapperSpec {
        output_options: words!["-e", "-o", "-p", "-l"],
        ..spec("daemonize")
    },
    spec("dbus-launch"),
    spec("dbus-run-session"),
    WrapperSpec {
        subcommands: words!["exec"],
        positionals: 1,
        ..spec("direnv")
    },
    WrapperSpec {
        query_options: words!["-C"],
        shell_options: words!["-s"],
        output_unchanged: true,
        ..spec("doas")
    },
    WrapperSpec {
        short_value: Letters::of("ev"),
        ..spec("dotenv")
    },
    spec("eatmydata"),
    WrapperSpec {
        // `entr [-acdnprz] UTILITY [ARG…]` runs the utility each time a file it is fed
        // changes, an argument `/_` replaced by that file's name; `entr -s CODE` runs CODE
        // through the shell. Its closed table is in wrappers.toml.
        operand_code_options: words!["-s"],
        run_time_words: words!["/_"],
        ..spec("entr")
    },
    WrapperSpec {
        code_options: words!["-S", "--split-string"],
        assignments: true,
        output_unchanged: true,
        argv0_options: words!["-a", "--argv0"],
        clears_environment: words!["-i", "--ignore-environment"],
        unset_options: words!["-u", "--unset"],
        ..spec("env")
    },
    WrapperSpec {
        short_value: Letters::of("fer"),
        long_value: words!["--file", "--environments", "--rc-file"],
        ..spec("env-cmd")
    },
    WrapperSpec {
        positionals: 1,
        ..spec("envdir")
    },
    WrapperSpec {
        positionals: 1,
        ..spec("envuidgid")
    },
    WrapperSpec {
        output_unchanged: true,
        argv0_options: words!["-a"],
        clears_environment: words!["-c"],
        ..spec("exec")
    },
    WrapperSpec {
        bare_shell: true,
        query_options: words!["-h", "-v"],
        ..spec("fakeroot")
    },
    WrapperSpec {
        positionals: 1,
        ..spec("faketime")
    },
    spec("fghack"),
    WrapperSpec {
        // `--bandwidth=NAME set|clear …`, `--cat=NAME FILE`, `--ls=NAME DIR`: the words after
        // them are not a command.
        query_options: words![
            "--list",
            "--tree",
            "--top",
            "--netstats",
            "--ls",
            "--get",
            "--put",
            "--cat",
            "--bandwidth",
            "--shutdown",
            "--version",
            "--help",
        ],
        bare_shell: true,
        ..spec("firejail")
    },
    WrapperSpec {
        clears_environment: words!["--clear-env"],
        unset_options: words!["--unset-env"],
        ..spec("flatpak-spawn")
    },
    // `flock FILE CMD` opens FILE, creating it when it is not there: a write the path policy
    // judges (`flock FD` with a descriptor number names no file, and asks as a bare word would).
    WrapperSpec {
        positionals: 1,
        code_options: words!["-c", "--command"],
        output_operand: true,
        ..spec("flock")
    },
    WrapperSpec {
        query_options: words!["-h", "--help", "-v", "--version", "-C", "--check-config"],
        ..spec("foot")
    },
    // GNU coreutils under the names Homebrew installs it by (`gtimeout`, `gnice`…): the same
    // programs as `timeout`, `nice`, `nohup` and `stdbuf`, their tables in wrappers.toml.
    WrapperSpec {
        numeric_short: true,
        output_unchanged: true,
        ..spec("gnice")
    },
    WrapperSpec {
        output_unchanged: true,
        ..spec("gnohup")
    },
    WrapperSpec {
        query_options: words![
            "-h",
            "--help",
            "--help-all",
            "--help-gtk",
            "--help-terminal",
            "--help-terminal-options",
            "--help-window-options",
            "--preferences",
        ],
        ..spec("gnome-terminal")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        ..spec("goenv")
    },
    WrapperSpec {
        positionals: 1,
        ..spec("gosu")
    },
    WrapperSpec {
        query_options: words!["--server", "--supervised"],
        ..spec("gpg-agent")
    },
    spec("grc"),
    WrapperSpec {
        output_unchanged: true,
        ..spec("gstdbuf")
    },
    WrapperSpec {
        positionals: 1,
        output_unchanged: true,
        ..spec("gtimeout")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("hatch")
    },
    WrapperSpec {
        // Benchmarks each operand, a whole shell command; setup, prepare, conclude and
        // cleanup commands are option values.
        short_value: Letters::of("wmMrspCcDSunR"),
        long_value: words![
            "--warmup",
            "--min-runs",
            "--max-runs",
            "--runs",
            "--parameter-step-size",
            "--shell",
            "--style",
            "--sort",
            "--time-unit",
            "--export-asciidoc",
            "--export-csv",
            "--export-json",
            "--export-markdown",
            "--export-orgmode",
            "--output",
            "--input",
            "--command-name",
            "--min-benchmarking-time",
        ],
        code_options: words![
            "-s",
            "--setup",
            "-p",
            "--prepare",
            "-C",
            "--conclude",
            "-c",
            "--cleanup",
            "--reference",
        ],
        query_options: words!["-h", "--help", "-V", "--version"],
        output_options: words![
            "--export-asciidoc",
            "--export-csv",
            "--export-json",
            "--export-markdown",
            "--export-orgmode",
            "--output",
        ],
        // `--output=WHERE`: the command's output goes to `null`, `pipe`, `inherit`, or else
        // to the file named (created or truncated).
        output_keywords: &["null", "pipe", "inherit"],
        // `--input=WHERE`: `null`, or a file the commands read on their standard input.
        input_options: words!["--input"],
        code_operands: true,
        multi_value: &[
            ("-P", 3),
            ("--parameter-scan", 3),
            ("-L", 2),
            ("--parameter-list", 2),
        ],
        ..spec("hyperfine")
    },
    spec("ifne"),
    WrapperSpec {
        query_options: words!["-p", "--pid", "-P", "--pgid", "-u", "--uid"],
        output_unchanged: true,
        ..spec("ionice")
    },
    WrapperSpec {
        subcommands: words!["netns exec", "vrf exec"],
        positionals: 1,
        ..spec("ip")
    },
    // bash's `jobs -x COMMAND [ARGS]`: runs COMMAND with job specs replaced by process ids.
    WrapperSpec {
        subcommands: words!["-x"],
        ..spec("jobs")
    },
    // `kitten @ launch CMD…` (kitty's remote control): the running kitty opens the window.
    WrapperSpec {
        subcommands: words!["@ launch"],
        query_options: words!["-h", "--help"],
        remote_forms: words!["@ launch"],
        typed_forms: words!["@ send-text"],
        split_prefixes: words!["@", "+"],
        ..spec("kitten")
    },
    WrapperSpec {
        query_options: words!["-h", "--help", "-v", "--version"],
        // `kitty @ launch CMD…`: the running kitty opens the window.
        remote_forms: words!["@ launch"],
        typed_forms: words!["@ send-text"],
        // kitty's entry point reads a first word `@CMD` as `@ CMD` and `+CMD` as `+ CMD`.
        split_prefixes: words!["@", "+"],
        ..spec("kitty")
    },
    WrapperSpec {
        // `konsole -e 'CMD ARG'`: one word is split as the shell would.
        query_options: words![
            "-h",
            "--help",
            "-v",
            "--version",
            "--list-profiles",
            "--list-profile-properties",
        ],
        shell_joined: true,
        ..spec("konsole")
    },
    // `lckdo LOCKFILE CMD` and `setlock FILE CMD` open their lock file for writing, creating it
    // when it is not there, as `flock` does: a write the path policy judges.
    WrapperSpec {
        positionals: 1,
        output_operand: true,
        ..spec("lckdo")
    },
    WrapperSpec {
        bare_shell: true,
        ..spec("linux32")
    },
    WrapperSpec {
        bare_shell: true,
        ..spec("linux64")
    },
    // `logsave [-asv] LOGFILE CMD…`: runs CMD, writing its output to LOGFILE too.
    WrapperSpec {
        positionals: 1,
        output_operand: true,
        ..spec("logsave")
    },
    WrapperSpec {
        query_options: words!["-p"],
        output_options: words!["-o", "--output"],
        ..spec("ltrace")
    },
    WrapperSpec {
        // `mise exec [TOOL@VERSION]… [-- COMMAND]…`.
        subcommands: words!["exec", "x"],
        code_options: words!["-c", "--command"],
        command_after_dashes: true,
        ..spec("mise")
    },
    WrapperSpec {
        code_operands: true,
        ..spec("mispipe")
    },
    WrapperSpec {
        numeric_short: true,
        output_unchanged: true,
        ..spec("nice")
    },
    WrapperSpec {
        short_value: Letters::of("pIA"),
        long_value: words!["--arg", "--argstr", "--attr", "--include", "--packages"],
        code_options: words!["--run", "--command"],
        code_anywhere: true,
        bare_shell: true,
        ..spec("nix-shell")
    },
    spec("nocorrect"),
    WrapperSpec {
        code_options: words!["-x", "--exec"],
        code_anywhere: true,
        ..spec("nodemon")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        ..spec("nodenv")
    },
    spec("noglob"),
    WrapperSpec {
        output_unchanged: true,
        ..spec("nohup")
    },
    WrapperSpec {
        subcommands: words!["exec", "x"],
        code_options: words!["-c", "--call"],
        joined_forms: &[("explore", 1)],
        ..spec("npm")
    },
    WrapperSpec {
        code_options: words!["-c", "--call"],
        ..spec("npx")
    },
    WrapperSpec {
        bare_shell: true,
        query_options: words!["-h", "-V"],
        ..spec("nsenter")
    },
    WrapperSpec {
        query_options: words!["-H", "-s", "--hardware", "--show"],
        ..spec("numactl")
    },
    WrapperSpec {
        subcommands: words!["run"],
        long_value: words!["--env-file", "--account"],
        ..spec("op")
    },
    WrapperSpec {
        shell_joined: true,
        // Given no command (nor `:::` values), parallel reads one command a line from its
        // standard input and runs each through the shell.
        bare_shell: true,
        output_options: words!["--joblog", "--results"],
        arg_files: words!["-a", "--arg-file"],
        job_counts: words!["-j", "--jobs", "-P", "--max-procs", "--maxprocs"],
        replace_options: words!["-I", "-i", "--replace"],
        arg_file_separators: words!["::::", "::::+"],
        separators_end: words![":::", ":::+"],
        // GNU parallel 20221122: `multiply_binary_prefix` (`-n`, `-N`, `-s`, `-L`, `-l`,
        // `--block`, `--memfree`, `--memsuspend`) and `multiply_time_units` (`--delay`,
        // `--sshdelay`, `--block-timeout`, `--semaphore-timeout`, `--timeout`) end in `eval`.
        evaluated_numbers: words![
            "-L",
            "-N",
            "-l",
            "-n",
            "-s",
            "--block",
            "--block-size",
            "--block-timeout",
            "--blocksize",
            "--blocktimeout",
            "--bt",
            "--delay",
            "--max-args",
            "--max-chars",
            "--max-lines",
            "--max-replace-args",
            "--maxargs",
            "--maxchars",
            "--maxlines",
            "--maxreplaceargs",
            "--memfree",
            "--memsuspend",
            "--semaphore-timeout",
            "--semaphoretimeout",
            "--ssh-delay",
            "--sshdelay",
            "--st",
            "--timeout",
        ],
        ..spec("parallel")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("pdm")
    },
    WrapperSpec {
        code_operands: true,
        ..spec("pee")
    },
    WrapperSpec {
        subcommands: words!["stat", "record", "trace"],
        query_options: words!["-p", "-t", "--pid", "--tid"],
        output_options: words!["-o", "--output"],
        // perf 6.1 perf-record(1): "-o, --output=: Output file name", default `perf.data`
        // (an older one renamed `perf.data.old`); `perf stat` and `perf trace` print to
        // standard error.
        default_outputs: &[("record", "perf.data")],
        ..spec("perf")
    },
    spec("pgrphack"),
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("pipenv")
    },
    WrapperSpec {
        subcommands: words!["run"],
        short_value: Letters::of("e"),
        long_value: words!["--environment", "--manifest-path", "--color"],
        ..spec("pixi")
    },
    WrapperSpec {
        bare_shell: true,
        ..spec("pkexec")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        // `-c`/`--shell-mode` runs the words through the shell; read them so always.
        shell_joined: true,
        ..spec("pnpm")
    },
    WrapperSpec {
        // `-c`/`--shell-mode` (a flag) runs the words through the shell; read them so always.
        shell_joined: true,
        ..spec("pnpx")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("poetry")
    },
    WrapperSpec {
        query_options: words!["-p", "--pid"],
        ..spec("prlimit")
    },
    WrapperSpec {
        bare_shell: true,
        query_options: words!["-h", "-V"],
        ..spec("proot")
    },
    spec("proxychains"),
    spec("proxychains4"),
    WrapperSpec {
        subcommands: words!["exec"],
        ..spec("pyenv")
    },
    WrapperSpec {
        subcommands: words!["exec"],
        ..spec("rbenv")
    },
    WrapperSpec {
        bare_shell: true,
        ..spec("run0")
    },
    WrapperSpec {
        code_options: words!["-c", "--command", "--session-command"],
        code_anywhere: true,
        direct_options: words!["-u", "--user"],
        bare_shell: true,
        query_options: words!["-h", "-V"],
        ..spec("runuser")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("rye")
    },
    spec("sandbox-exec"),
    WrapperSpec {
        query_options: words![
            "-l",
            "--list",
            "-i",
            "--info",
            "--config",
            "--location",
            "-e",
            "--end-session",
            "-h",
            "-V"
        ],
        bare_shell: true,
        ..spec("schroot")
    },
    WrapperSpec {
        short_value: Letters::of("SpcTheE"),
        query_options: words![
            "-r", "-R", "-x", "-X", "-Q", "-ls", "-list", "-wipe", "-v", "-version",
        ],
        bare_shell: true,
        ..spec("screen")
    },
    WrapperSpec {
        code_options: words!["-c", "--command"],
        code_anywhere: true,
        output_options: words![
            "-I",
            "--log-in",
            "-O",
            "--log-out",
            "-B",
            "--log-io",
            "-T",
            "--log-timing",
        ],
        output_operand: true,
        bare_shell: true,
        query_options: words!["-h", "-V"],
        // util-linux script(1): "If the argument file or option --log-out file is not given,
        // the session is saved in the file typescript" (of the working directory).
        default_outputs: &[("", "typescript")],
        ..spec("script")
    },
    WrapperSpec {
        positionals: 1,
        options_after_positionals: true,
        bare_shell: true,
        query_options: words!["-h"],
        ..spec("setarch")
    },
    WrapperSpec {
        positionals: 1,
        output_operand: true,
        ..spec("setlock")
    },
    WrapperSpec {
        query_options: words!["-d", "--dump"],
        ..spec("setpriv")
    },
    WrapperSpec {
        output_unchanged: true,
        ..spec("setsid")
    },
    WrapperSpec {
        positionals: 1,
        ..spec("setuidgid")
    },
    spec("softlimit"),
    WrapperSpec {
        query_options: words!["-k"],
        ..spec("ssh-agent")
    },
    spec("sshpass"),
    WrapperSpec {
        output_unchanged: true,
        ..spec("stdbuf")
    },
    WrapperSpec {
        query_options: words!["-p"],
        output_options: words!["-o", "--output"],
        output_pipes: true,
        ..spec("strace")
    },
    WrapperSpec {
        code_options: words!["-c", "--command", "--session-command"],
        code_anywhere: true,
        bare_shell: true,
        query_options: words!["-h", "-V"],
        ..spec("su")
    },
    WrapperSpec {
        positionals: 1,
        ..spec("su-exec")
    },
    WrapperSpec {
        query_options: words![
            "-l",
            "-e",
            "-v",
            "-V",
            "-K",
            "--list",
            "--edit",
            "--validate",
            "--version",
            "--help",
            "--remove-timestamp",
        ],
        shell_options: words!["-s", "-i", "--shell", "--login"],
        output_unchanged: true,
        ..spec("sudo")
    },
    WrapperSpec {
        query_options: words!["--list", "-h", "--help", "--version"],
        ..spec("systemd-inhibit")
    },
    WrapperSpec {
        shell_options: words!["-S", "--shell"],
        ..spec("systemd-run")
    },
    WrapperSpec {
        positionals: 1,
        query_options: words!["-p", "--pid"],
        output_unchanged: true,
        ..spec("taskset")
    },
    WrapperSpec {
        // `terminator -x CMD…` (its table ends the options there), `-e CMD` one string.
        code_options: words!["-e", "--command"],
        query_options: words!["-h", "--help", "-v", "--version"],
        ..spec("terminator")
    },
    WrapperSpec {
        // `tilix -e CMD`: one string, split as the shell would.
        code_options: words!["-e", "--command"],
        query_options: words!["-h", "--help", "-v", "--version", "--preferences"],
        ..spec("tilix")
    },
    WrapperSpec {
        output_options: words!["-o", "--output"],
        ..spec("time")
    },
    spec("timelimit"),
    WrapperSpec {
        positionals: 1,
        output_unchanged: true,
        ..spec("timeout")
    },
    WrapperSpec {
        subcommands: words![
            "new-session",
            "new",
            "new-window",
            "neww",
            "split-window",
            "splitw",
            "respawn-pane",
            "respawnp",
        ],
        query_options: words!["-V"],
        shell_joined: true,
        bare_shell: true,
        ..spec("tmux")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("toolbox")
    },
    spec("torsocks"),
    spec("toybox"),
    spec("trickle"),
    spec("unbuffer"),
    WrapperSpec {
        bare_shell: true,
        query_options: words!["-h", "-V"],
        ..spec("unshare")
    },
    WrapperSpec {
        query_options: words!["-h", "-help"],
        ..spec("urxvt")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("uv")
    },
    spec("uvx"),
    WrapperSpec {
        output_options: words!["--log-file", "--xml-file"],
        ..spec("valgrind")
    },
    WrapperSpec {
        subcommands: words!["run"],
        ..spec("volta")
    },
    WrapperSpec {
        shell_joined: true,
        direct_options: words!["-x", "--exec"],
        ..spec("watch")
    },
    WrapperSpec {
        // The command runs through `sh -c` unless `-n`/`--shell=none`.
        query_options: words!["--manual", "--completions"],
        shell_joined: true,
        ..spec("watchexec")
    },
    WrapperSpec {
        arg_files: words!["-a", "--arg-file"],
        job_counts: words!["-P", "--max-procs"],
        replace_options: words!["-I", "-i", "--replace"],
        ..spec("xargs")
    },
    WrapperSpec {
        // `xfce4-terminal -x CMD…` (its table ends the options there), `-e CMD` one string.
        code_options: words!["-e", "--command"],
        query_options: words!["-h", "--help", "-V", "--version", "--preferences"],
        ..spec("xfce4-terminal")
    },
    WrapperSpec {
        // `xterm -e 'CMD ARG'`: a program it cannot run as named, it runs through the shell.
        query_options: words!["-help", "-version"],
        shell_joined: true,
        ..spec("xterm")
    },
    spec("xvfb-run"),
    WrapperSpec {
        // Yarn 2+ runs the command word as a portable-shell script (the other words appended
        // to its last command): read the words as one shell line.
        subcommands: words!["exec"],
        shell_joined: true,
        ..spec("yarn")
    },
];

/// Look a wrapper up by program name.
pub(crate) fn lookup(name: &str) -> Option<&'static WrapperSpec> {
    // The first bytes decide most steps without a call to compare whole names; the order is
    // the same as comparing the names.
    let first = name.as_bytes().first();
    WRAPPERS
        .binary_search_by(|w| {
            w.name
                .as_bytes()
                .first()
                .cmp(&first)
                .then_with(|| w.name.cmp(name))
        })
        .ok()
        .and_then(|i| WRAPPERS.get(i))
}

/// The result of stripping one wrapper from `args` (the words after the wrapper's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Strip {
    /// The inner command starts at this index of `args`; `assignments` came from `env NAME=val`.
    Inner {
        /// Index of the inner program.
        start: usize,
        /// `NAME=value` pairs given to `env`, with the index of their arg.
        assignments: Vec<usize>,
        /// The wrapper runs the joined words through `sh -c` (`watch`, `parallel`).
        joined: bool,
        /// Index of the first option whose reading is not proven (see [`Reading`]): the
        /// command may start elsewhere, so the line is never allowed.
        unproven: Option<usize>,
    },
    /// The value of the arg at this index is shell code (`su -c CMD`); with `join_rest` the
    /// following args are appended (`env -S 'cmd' args`).
    Code {
        /// Index of the code arg.
        arg: usize,
        /// Append the remaining args.
        join_rest: bool,
        /// As for [`Strip::Inner`].
        unproven: Option<usize>,
    },
    /// The wrapper runs no given command here (`command -v x`, `sudo -l`, `env` alone).
    NoCommand,
    /// Each of these args is a whole shell command (`hyperfine 'make' 'make -j8'`).
    CodeEach {
        /// Indexes of the code args.
        args: Vec<usize>,
        /// As for [`Strip::Inner`].
        unproven: Option<usize>,
    },
    /// No command is given, and the wrapper starts the user's shell instead (`su`, `sudo -i`,
    /// `unshare`, `script`, `tmux`): a shell that runs what it reads.
    Shell,
    /// A dynamic word sits where an option or the command is expected.
    Opaque {
        /// Index of the dynamic arg.
        at: usize,
    },
}

impl Strip {
    /// The same reading of words that start `by` words later.
    fn shifted(self, by: usize) -> Strip {
        let at = |i: usize| i + by;
        match self {
            Strip::Inner {
                start,
                assignments,
                joined,
                unproven,
            } => Strip::Inner {
                start: at(start),
                assignments: assignments.into_iter().map(at).collect(),
                joined,
                unproven: unproven.map(at),
            },
            Strip::Code {
                arg,
                join_rest,
                unproven,
            } => Strip::Code {
                arg: at(arg),
                join_rest,
                unproven: unproven.map(at),
            },
            Strip::Opaque { at: i } => Strip::Opaque { at: at(i) },
            Strip::CodeEach { args, unproven } => Strip::CodeEach {
                args: args.into_iter().map(at).collect(),
                unproven: unproven.map(at),
            },
            Strip::NoCommand => Strip::NoCommand,
            Strip::Shell => Strip::Shell,
        }
    }
}

/// Strip one wrapper.
pub(crate) fn strip(spec: &WrapperSpec, args: &[Arg]) -> Strip {
    if let Some(r) = strip_joined_form(spec, args) {
        return r;
    }
    if spec.code_operands {
        let skip = form_len(spec, args).unwrap_or(0).min(args.len());
        return strip_code_operands(spec, &args[skip..], &args[..skip]).shifted(skip);
    }
    let Some(skip) = form_len(spec, args) else {
        // Bare `tmux`, `tmux -u`: no subcommand is `new-session`.
        let options_only = args.iter().all(|a| {
            a.exact().is_some_and(|v| {
                v.starts_with('-') && v.len() > 1 && !spec.query_options.contains(v)
            })
        });
        return if spec.bare_shell && options_only && !asks_for_help(args) {
            Strip::Shell
        } else {
            Strip::NoCommand
        };
    };
    let (form, args) = args.split_at(skip.min(args.len()));
    // `setarch ARCH -R CMD`: the positionals come first, then the options.
    let lead = if spec.options_after_positionals {
        args.iter()
            .take(spec.positionals)
            .take_while(|a| a.exact().is_some_and(|v| !v.starts_with('-')))
            .count()
    } else {
        0
    };
    strip_options(spec, &args[lead..], form, spec.positionals - lead).shifted(skip + lead)
}

/// How many words of `args` name the wrapper's form (`uv run` → 1; 0 for a wrapper without
/// forms); `None` when the words are another use of the program (`uv pip list`), which is the
/// program itself.
fn form_len(spec: &WrapperSpec, args: &[Arg]) -> Option<usize> {
    if let Some((_, len)) = remote_form_words(spec, args) {
        return Some(len);
    }
    if spec.subcommands.is_empty() {
        return Some(0);
    }
    matched_form(spec.subcommands, args)
}

/// The form of `remote_forms` that `args` start with (`@ launch`), if any: the wrapper hands
/// its command to a running instance of itself.
pub(crate) fn remote_form(spec: &WrapperSpec, args: &[Arg]) -> Option<&'static str> {
    remote_form_words(spec, args).map(|(form, _)| form)
}

/// The form of `typed_forms` that `args` start with (`@ send-text`) and how many words of
/// `args` it takes with the options of its words (`@ --to ADDR send-text`).
pub(crate) fn typed_form(spec: &WrapperSpec, args: &[Arg]) -> Option<(&'static str, usize)> {
    spec.typed_forms
        .iter()
        .find_map(|form| Some((form, remote_form_words_of(spec, form, args)?)))
}

/// The remote form `args` start with and how many words it takes.
fn remote_form_words(spec: &WrapperSpec, args: &[Arg]) -> Option<(&'static str, usize)> {
    spec.remote_forms
        .iter()
        .find_map(|form| Some((form, remote_form_words_of(spec, form, args)?)))
}

/// How many words of `args` a remote or typed form takes: its words, each after the first
/// preceded by the options the catalogue's closed table for the form so far reads (`kitty @
/// --to ADDR launch`: the table of `kitty @`). An option that table does not name, or a word
/// known only at run time among them, is no such form.
fn remote_form_words_of(spec: &WrapperSpec, form: &str, args: &[Arg]) -> Option<usize> {
    let mut len = 0;
    let mut key = spec.name.to_owned();
    for (j, word) in form.split(' ').enumerate() {
        if j > 0
            && let Some(table) = tables::builtin(&key).filter(|t| t.closed)
        {
            let parsed = args::parse_args(&table, args.get(len..)?, true);
            if parsed.unknown.is_some() || parsed.dynamic {
                return None;
            }
            len += parsed.operands.first().copied()?;
        }
        if args.get(len).and_then(Arg::exact) != Some(word) {
            return None;
        }
        len += 1;
        key.push(' ');
        key.push_str(word);
    }
    Some(len)
}

/// How many words of `args` the first of `forms` they start with takes.
fn matched_form(forms: Words, args: &[Arg]) -> Option<usize> {
    forms.iter().find_map(|form| form_words(form, args))
}

/// How many words of `args` the form (its words separated by a space) takes, when they start
/// with it.
fn form_words(form: &str, args: &[Arg]) -> Option<usize> {
    let mut len = 0;
    for word in form.split(' ') {
        if args.get(len).and_then(Arg::exact) != Some(word) {
            return None;
        }
        len += 1;
    }
    Some(len)
}

/// A wrapper's own words read with the one argument parser ([`args::parse_args`]).
struct Reading {
    /// The options and operands: indices into the words read.
    parsed: Parsed,
    /// The first option word whose reading is not proven: the wrapper's table does not name
    /// it, or it abbreviates a long option. Such an option may take a value nobody expected,
    /// so where the command starts is not proven either (`env --un echo rm …` is `env
    /// --unset=echo rm …`).
    unproven: Option<usize>,
}

/// The table a wrapper's options are read with: the catalogue's closed table for the wrapper,
/// or for its form when it has forms (`uv run`: the table of `uv run`), which names every
/// option and says which take a value; `true` with it. Else a table made of the options the
/// spec names, which reads any other option as a flag (unproven).
fn table_of(spec: &WrapperSpec, form: &[Arg]) -> (OptionSpec, bool) {
    let key = if form.is_empty() {
        std::borrow::Cow::Borrowed(spec.name)
    } else if let Some((name, _)) =
        remote_form_words(spec, form).filter(|&(_, len)| len == form.len())
    {
        // A remote form with the options of its words (`@ --to ADDR launch`).
        std::borrow::Cow::Owned(format!("{} {name}", spec.name))
    } else {
        let mut key = spec.name.to_owned();
        for w in form {
            key.push(' ');
            key.push_str(w.exact().unwrap_or_default());
        }
        std::borrow::Cow::Owned(key)
    };
    if let Some(table) = tables::builtin(&key).filter(|t| t.closed) {
        return (table, true);
    }
    let mut short_value: String = spec.short_value.chars().collect();
    let mut long_value: Vec<String> = spec.long_value.iter().map(str::to_owned).collect();
    let mut long = Vec::new();
    let valued = [spec.code_options, spec.output_options, spec.arg_files];
    for name in valued.into_iter().flatten() {
        match name.strip_prefix("--") {
            Some(_) if !long_value.iter().any(|l| l == name) => long_value.push(name.to_owned()),
            Some(_) => {}
            None => short_value.extend(name[1..].chars().filter(|_| name.len() == 2)),
        }
    }
    let flags = [spec.query_options, spec.direct_options, spec.shell_options];
    long.extend(
        flags
            .into_iter()
            .flatten()
            .filter(|n| n.starts_with("--"))
            .map(str::to_owned),
    );
    let table = OptionSpec {
        short_value: short_value.into(),
        long_value: long_value.into(),
        long: long.into(),
        ..OptionSpec::EMPTY
    };
    (table, false)
}

/// The table the options after the wrapper's first form are read with (`uv run`: `uv run`'s).
#[cfg(test)]
pub(super) fn first_form_table(spec: &WrapperSpec) -> (OptionSpec, bool) {
    let form: Vec<Arg> = spec
        .subcommands
        .first()
        .map(|f| {
            f.split(' ')
                .map(|w| Arg::literal(w, crate::ast::Span::default()))
                .collect()
        })
        .unwrap_or_default();
    table_of(spec, &form)
}

/// Does the spec name this option (read with the spec's own table)?
fn spec_names(spec: &WrapperSpec, name: &str) -> bool {
    let lists = [
        spec.long_value,
        spec.code_options,
        spec.query_options,
        spec.direct_options,
        spec.output_options,
        spec.arg_files,
        spec.shell_options,
    ];
    if lists.iter().any(|l| l.contains(name)) || spec.multi_value.iter().any(|(n, _)| *n == name) {
        return true;
    }
    let mut letters = name.strip_prefix('-').unwrap_or_default().chars();
    match (letters.next(), letters.next()) {
        (Some(c), None) => spec.short_value.contains(c) || spec.numeric_short && c.is_ascii_digit(),
        _ => false,
    }
}

/// Read the wrapper's words `args` (after its name and its form words `form`). With `permute`
/// options may follow operands (`su USER -c CMD`); else they end at the first operand.
fn read(spec: &WrapperSpec, args: &[Arg], form: &[Arg], permute: bool) -> Reading {
    let (table, closed) = table_of(spec, form);
    // A closed table says whether the wrapper reads options after its operands (`npm exec
    // PKG --call CMD`: npm does, up to `--`).
    let options_first = !permute && (!closed || table.options_first);
    let parsed = args::parse_args(&table, args, options_first);
    let abbreviated = |o: &args::Opt| {
        args.get(o.index)
            .and_then(Arg::exact)
            .and_then(|w| w.strip_prefix("--"))
            .is_some_and(|w| w.split_once('=').map_or(w, |(n, _)| n) != &o.name[2..])
    };
    let unproven = if closed {
        parsed.unknown.as_ref().map(|u| {
            parsed
                .opts
                .iter()
                .find(|o| {
                    o.name == *u
                        || args
                            .get(o.index)
                            .and_then(Arg::exact)
                            .is_some_and(|w| args::written_as(w, u))
                })
                .map_or(0, |o| o.index)
        })
    } else {
        parsed
            .opts
            .iter()
            .find(|o| !spec_names(spec, &o.name) || o.name.starts_with("--") && abbreviated(o))
            .map(|o| o.index)
    };
    Reading { parsed, unproven }
}

/// The value of option `o` as an arg: attached (`-aFILE`, `--arg-file=FILE`) or the next word.
fn value_arg(o: &args::Opt, args: &[Arg]) -> Option<Arg> {
    match o.value_at {
        Some(at) => args.get(at).cloned(),
        None => o
            .value
            .as_deref()
            .zip(args.get(o.index))
            .map(|(v, a)| Arg::exact_text(v.into(), a.span, false)),
    }
}

/// The options named in `names` among `options` (the words between the wrapper's name and
/// its command), read with the wrapper's option table, in order: each one's value (attached,
/// the next word, or `None` for one given none), an abbreviation of a long option included.
fn option_values(spec: &WrapperSpec, options: &[Arg], names: Words) -> Vec<Option<Arg>> {
    if names.is_empty() {
        return Vec::new();
    }
    let skip = form_len(spec, options).unwrap_or(0).min(options.len());
    let words = &options[skip..];
    let reading = read(spec, words, &options[..skip], false);
    reading
        .parsed
        .opts
        .iter()
        .filter(|o| names.contains(&o.name))
        .map(|o| value_arg(o, words))
        .collect()
}

/// The files the wrapper's [`WrapperSpec::arg_files`] options name, among `options` (the words
/// between the wrapper's name and its command): `-a FILE`, `-aFILE`, `-0a FILE`,
/// `--arg-file FILE`, `--arg-file=FILE`, or an abbreviation of it.
pub(crate) fn arg_files(spec: &WrapperSpec, options: &[Arg]) -> Vec<Arg> {
    option_values(spec, options, spec.arg_files)
        .into_iter()
        .flatten()
        .collect()
}

/// How many commands at once the wrapper runs, as the last of its [`WrapperSpec::job_counts`]
/// options among `options` says: `0` or a count of 1000 or more is as many as there are
/// inputs (`xargs -P0`, `-P 0`, `--max-procs=0`, an abbreviation of it, `parallel -j0`,
/// `--jobs 5000`); a value known only at run time (`-P "$n"`) may be `0`.
pub(crate) fn job_count(spec: &WrapperSpec, options: &[Arg]) -> super::JobCount {
    use super::JobCount;
    let Some(value) = option_values(spec, options, spec.job_counts)
        .pop()
        .flatten()
    else {
        return JobCount::Bounded;
    };
    match value.exact() {
        None => JobCount::Unknown,
        Some(v) if v.parse::<u64>().is_ok_and(|n| n == 0 || n >= 1000) => JobCount::Unbounded,
        Some(_) => JobCount::Bounded,
    }
}

/// The string the wrapper replaces with each input in its command's words: the value of the
/// last of its [`WrapperSpec::replace_options`] among `options` (`xargs -I %`, `-I%`,
/// `--replace=%`, `-i` alone: `{}`). A value known only at run time is the empty string, which
/// every word holds.
pub(crate) fn replace_string(spec: &WrapperSpec, options: &[Arg]) -> Option<String> {
    let last = option_values(spec, options, spec.replace_options).pop()?;
    Some(match last {
        Some(a) => a.exact().map(str::to_owned).unwrap_or_default(),
        None => "{}".to_owned(),
    })
}

/// The files named after a [`WrapperSpec::arg_file_separators`] word among `command` (the
/// words from the wrapper's command on): `parallel echo :::: list.txt` hands `list.txt`'s lines
/// to `echo`.
pub(crate) fn separated_arg_files(spec: &WrapperSpec, command: &[Arg]) -> Vec<Arg> {
    let mut out = Vec::new();
    let mut files = false;
    for a in command {
        let word = a.exact();
        if word.is_some_and(|w| spec.arg_file_separators.contains(w)) {
            files = true;
        } else if word.is_some_and(|w| spec.separators_end.contains(w)) {
            files = false;
        } else if files {
            out.push(a.clone());
        }
    }
    out
}

/// A file a wrapper writes itself (see [`written_files`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Written {
    /// Index (into `args`) of the word that holds the file name.
    pub index: usize,
    /// The file name; `None` when it is computed at run time.
    pub value: Option<String>,
    /// The value is `|CMD` or `!CMD`: `CMD` (here) is run by `sh -c` and fed the output.
    pub pipe: Option<String>,
}

/// The files the wrapper writes itself, from its `output_options` and the options its closed
/// table names as `output` (attached `-oF`, `--output=F`, or the next word) and, with
/// `output_operand`, the first operand after its options. Only the wrapper's own options are
/// read: the reading stops at the inner command.
/// The files a wrapper feeds to its command's standard input ([`WrapperSpec::input_options`]):
/// each option's value, as [`written_files`] gives the files written (`pipe` is always `None`).
pub(crate) fn input_files(spec: &WrapperSpec, args: &[Arg]) -> Vec<Written> {
    let mut out = Vec::new();
    if spec.input_options.is_empty() {
        return out;
    }
    let Some(skip) = form_len(spec, args) else {
        return out;
    };
    let words = &args[skip.min(args.len())..];
    let reading = read(spec, words, &args[..skip], spec.code_operands);
    for o in &reading.parsed.opts {
        if !spec.input_options.contains(&o.name) || o.value.as_deref() == Some("null") {
            continue;
        }
        let (index, value) = match (o.value_at, o.value.as_deref()) {
            (Some(at), _) => (at, words.get(at).and_then(Arg::exact)),
            (None, Some(v)) => (o.index, Some(v)),
            (None, None) => continue,
        };
        out.push(Written {
            index: skip + index,
            value: value.map(str::to_owned),
            pipe: None,
        });
    }
    out
}

pub(crate) fn written_files(spec: &WrapperSpec, args: &[Arg]) -> Vec<Written> {
    let mut out = Vec::new();
    let Some(skip) = form_len(spec, args) else {
        return out;
    };
    let (table, closed) = table_of(spec, &args[..skip.min(args.len())]);
    let table_outputs = closed && table.output.iter().next().is_some();
    if spec.output_options.is_empty()
        && !spec.output_operand
        && !table_outputs
        && spec.default_outputs.is_empty()
    {
        return out;
    }
    let words = &args[skip.min(args.len())..];
    // `hyperfine CMD --export-json F`: options may follow the commands.
    let reading = read(spec, words, &args[..skip], spec.code_operands);
    let mut push = |index: usize, value: Option<&str>| {
        let pipe = value
            .filter(|_| spec.output_pipes)
            .and_then(|v| v.strip_prefix('|').or_else(|| v.strip_prefix('!')))
            .map(str::to_owned);
        out.push(Written {
            index: skip + index,
            value: value.map(str::to_owned),
            pipe,
        });
    };
    for o in &reading.parsed.opts {
        let output =
            spec.output_options.contains(&o.name) || closed && table.output.contains(&o.name);
        if !output {
            continue;
        }
        if o.value
            .as_deref()
            .is_some_and(|v| spec.output_keywords.contains(&v))
        {
            continue;
        }
        match (o.value_at, o.value.as_deref()) {
            (Some(at), _) => push(at, words.get(at).and_then(Arg::exact)),
            (None, Some(v)) => push(o.index, Some(v)),
            (None, None) => {}
        }
    }
    if spec.output_operand
        && let Some(&at) = reading.parsed.operands.first()
    {
        push(at, words.get(at).and_then(Arg::exact));
    }
    // A request for help or the version (`script -V`, `perf record --help`) writes nothing.
    let query = reading.parsed.opts.iter().any(|o| match o.name.as_ref() {
        "--help" | "--version" => true,
        "-h" | "-V" => spec.query_options.contains(&o.name),
        _ => false,
    });
    if out.is_empty()
        && !query
        && let Some(&(_, file)) = spec.default_outputs.iter().find(|(form, _)| {
            // The empty form is the name alone (`script -c CMD` writes `./typescript`).
            if form.is_empty() {
                skip == 0
            } else {
                form.split(' ').count() == skip
                    && form.split(' ').zip(args).all(|(w, a)| a.exact() == Some(w))
            }
        })
    {
        // Named by the form's last word, which the output is charged to; the wrapper's first
        // word for the name alone.
        out.push(Written {
            index: skip.saturating_sub(1),
            value: Some(file.to_owned()),
            pipe: None,
        });
    }
    out
}

/// The wrapper's own options that its closed table gives an effect other than writing a
/// named file: running a program (`dbus-run-session --dbus-daemon=BIN`), reaching the network
/// (`valgrind --log-socket`), reading settings from a file (`--config-file`), or writing files
/// it does not name as an output. Each is the index (into `args`) of the option word and its
/// name. The outputs are [`written_files`].
pub(crate) fn effect_options(spec: &WrapperSpec, args: &[Arg]) -> Vec<(usize, String)> {
    let Some(skip) = form_len(spec, args) else {
        return Vec::new();
    };
    let skip = skip.min(args.len());
    let (table, closed) = table_of(spec, &args[..skip]);
    if !closed {
        return Vec::new();
    }
    let words = &args[skip..];
    let reading = read(spec, words, &args[..skip], spec.code_operands);
    reading
        .parsed
        .opts
        .iter()
        .filter(|o| {
            let n: &str = &o.name;
            table.runs.contains(n)
                || table.network.contains(n)
                || table.config.contains(n)
                || table.writes.contains(n) && !table.output.contains(n)
                || spec.evaluated_numbers.contains(n)
                    && !o.value.as_deref().is_some_and(plain_number)
        })
        // The options whose value the analysis reads as the command or a file already.
        .filter(|o| {
            ![
                spec.code_options,
                spec.output_options,
                spec.shell_options,
                spec.direct_options,
                spec.arg_files,
            ]
            .iter()
            .any(|w| w.contains(&o.name))
        })
        .map(|o| (skip + o.index, o.name.to_string()))
        .collect()
}

/// A number as GNU parallel reads one before it evaluates it: digits, a decimal point, `%`,
/// and single unit letters (`1M`, `1.5Gi`, `2m30s`, `10%`), starting with a digit. No letter
/// follows another but `i` (`Ki`), so the text holds no Perl word, call, quote or variable.
fn plain_number(v: &str) -> bool {
    const UNITS: &[u8] = b"kmgtpezyxKMGTPEZYXdhsDHS";
    let b = v.as_bytes();
    b.first().is_some_and(u8::is_ascii_digit)
        && b.iter().enumerate().all(|(i, &c)| {
            c.is_ascii_digit()
                || c == b'.'
                || c == b'%'
                || UNITS.contains(&c) && !(i > 0 && b[i - 1].is_ascii_alphabetic())
                || c == b'i'
                    && i > 0
                    && UNITS.contains(&b[i - 1])
                    && !(i > 1 && b[i - 2].is_ascii_alphabetic())
        })
}

/// The option giving the wrapper's command its zeroth argument (`exec -a NAME CMD`, `env
/// --argv0 NAME CMD`), when one of its `argv0_options` is there (its `value` is `None` when
/// known only at run time). The last one counts.
pub(crate) fn argv0(spec: &WrapperSpec, args: &[Arg]) -> Option<args::Opt> {
    if spec.argv0_options.is_empty() {
        return None;
    }
    let skip = form_len(spec, args)?.min(args.len());
    let reading = read(spec, &args[skip..], &args[..skip], spec.code_anywhere);
    reading
        .parsed
        .opts
        .into_iter()
        .rev()
        .find(|o| spec.argv0_options.contains(&o.name))
}

/// The word that starts the wrapper's command without `PATH` in its environment: an option
/// that empties the environment (`env -i`, `env -`, `exec -c`) or removes `PATH` from it (`env
/// -u PATH`, a name known only at run time counting). A shell started so sets `PATH` to bash's
/// built-in search path, which ends with the current directory (`env -i bash -c 'cargo
/// build'` runs `./cargo` where no `cargo` is installed in the system's directories), and an
/// older C library's `execvp` searches the current directory first: which file a program name
/// runs is then not the one the person's `PATH` finds.
pub(crate) fn drops_path(spec: &WrapperSpec, args: &[Arg]) -> Option<usize> {
    if spec.clears_environment.is_empty() && spec.unset_options.is_empty() {
        return None;
    }
    let skip = form_len(spec, args)?.min(args.len());
    let reading = read(spec, &args[skip..], &args[..skip], spec.code_anywhere);
    // GNU env's operands before the command: `-` (as `-i`) and assignments.
    let leading: Vec<(usize, &str)> = if spec.name == "env" {
        reading
            .parsed
            .operands
            .iter()
            .map_while(|&i| {
                let w = args[skip..].get(i).and_then(Arg::exact)?;
                (w == "-" || w.contains('=')).then_some((i, w))
            })
            .collect()
    } else {
        Vec::new()
    };
    // `env -i PATH=/usr/bin CMD`: the command has the `PATH` given (judged as an assignment).
    if leading.iter().any(|(_, w)| w.starts_with("PATH=")) {
        return None;
    }
    let option = reading.parsed.opts.iter().find(|o| {
        spec.clears_environment.contains(&o.name)
            || spec.unset_options.contains(&o.name)
                && o.value.as_deref().is_none_or(|v| v == "PATH")
    });
    let dash = || leading.iter().find(|(_, w)| *w == "-").map(|(i, _)| *i);
    option.map(|o| o.index).or_else(dash).map(|i| skip + i)
}

/// Strip the wrapper's options from `args` (the words after its name and its form words
/// `form`).
fn strip_options(spec: &WrapperSpec, args: &[Arg], form: &[Arg], positionals: usize) -> Strip {
    let mut reading = read(spec, args, form, spec.code_anywhere);
    let direct = reading
        .parsed
        .opts
        .iter()
        .any(|o| spec.direct_options.contains(&o.name));
    if spec.code_anywhere {
        if !direct {
            return strip_code_anywhere(spec, args, &reading);
        }
        // `runuser -u USER CMD…`: the operands are the command.
        reading = read(spec, args, form, false);
    }
    let mut shell = false;
    let mut operand_code = false;
    for o in &reading.parsed.opts {
        operand_code |= spec.operand_code_options.contains(&o.name);
        // A query option written as one word (`screen -ls`, which is not `-l -s`).
        let word = args.get(o.index).and_then(Arg::exact).unwrap_or_default();
        if spec.query_options.contains(word) || spec.query_options.contains(&o.name) {
            return Strip::NoCommand;
        }
        if spec.code_options.contains(&o.name) {
            return code_option(spec, o, &reading);
        }
        shell |= spec.shell_options.contains(&o.name);
    }
    if spec.command_after_dashes {
        return command_after_dashes(spec, args, &reading);
    }
    let mut positionals = positionals;
    let mut assignments = Vec::new();
    // `aws-vault exec PROFILE -- CMD`: a `--` after the operands before the command ends them.
    let mut dashes = spec.positionals > 0;
    for &i in &reading.parsed.operands {
        let Some(value) = args[i].exact() else {
            return Strip::Opaque { at: i };
        };
        if spec.name == "env" && value == "-" {
            continue;
        }
        // GNU env takes every operand with a `=` before the command as an assignment,
        // whatever its name (`env 'BASH_FUNC_f%%=() { …; }' bash`).
        if spec.assignments && (is_assignment(value) || spec.name == "env" && value.contains('=')) {
            assignments.push(i);
            continue;
        }
        if positionals > 0 {
            positionals -= 1;
            continue;
        }
        if dashes && value == "--" {
            dashes = false;
            continue;
        }
        // `flock FILE -c CMD`: a code option where the command would start (flock reads it
        // there, after its operand, not among its options).
        if spec.code_options.contains(value) {
            return Strip::Code {
                arg: i + 1,
                join_rest: false,
                unproven: reading.unproven,
            };
        }
        // `entr -s CODE`: the first operand is the shell's code.
        if operand_code {
            return Strip::Code {
                arg: i,
                join_rest: true,
                unproven: reading.unproven,
            };
        }
        let requoted = spec
            .requotes
            .then(|| (i..args.len()).find(|&j| rewritten_by_requote(&args[j])))
            .flatten();
        // `entr cat /_`: a word replaced at run time.
        let replaced = (i..args.len()).find(|&j| {
            args[j]
                .exact()
                .is_some_and(|w| spec.run_time_words.contains(w))
        });
        return Strip::Inner {
            start: i,
            assignments,
            joined: spec.shell_joined && !direct,
            unproven: reading.unproven.or(requoted).or(replaced),
        };
    }
    if (shell || spec.bare_shell && positionals == 0) && !asks_for_help(args) {
        Strip::Shell
    } else {
        Strip::NoCommand
    }
}

/// Would a [`WrapperSpec::requotes`] wrapper change this word (or drop it)? Any word that holds
/// a `'` or a `\`, is empty, or is known only at run time.
fn rewritten_by_requote(arg: &Arg) -> bool {
    arg.exact()
        .is_none_or(|v| v.is_empty() || v.contains(['\'', '\\']))
}

/// `mise exec [TOOL…] [-- COMMAND…]`: the command is the words after `--`. A dynamic word
/// before it may be an option or `--` itself: opaque.
fn command_after_dashes(spec: &WrapperSpec, args: &[Arg], reading: &Reading) -> Strip {
    let end = reading.parsed.options_end.unwrap_or(args.len());
    if let Some(&at) = reading
        .parsed
        .operands
        .iter()
        .find(|&&i| i < end && args[i].exact().is_none())
    {
        return Strip::Opaque { at };
    }
    if end < args.len() {
        return Strip::Inner {
            start: end,
            assignments: Vec::new(),
            joined: spec.shell_joined,
            unproven: reading.unproven,
        };
    }
    if asks_for_help(args) || reading.parsed.opts.iter().any(|o| o.name == "-h") {
        Strip::NoCommand
    } else {
        Strip::Shell
    }
}

/// The wrapper's code option `o` (`su -c CMD`, `env -S CMD`): the code is the next word; an
/// attached value is not read (opaque).
fn code_option(spec: &WrapperSpec, o: &args::Opt, reading: &Reading) -> Strip {
    let unproven = reading.unproven;
    // `script -c ls -c CMD`, `xfce4-terminal -e ls -e CMD`: a program keeps one value (the
    // last, for getopt's loop) or runs each (one per tab): every one is read as code.
    let all: Vec<&args::Opt> = reading
        .parsed
        .opts
        .iter()
        .filter(|p| spec.code_options.contains(&p.name))
        .collect();
    if all.len() > 1 {
        let mut code = Vec::new();
        for p in all {
            match p.value_at {
                Some(i) => code.push(i),
                None => return Strip::Opaque { at: p.index },
            }
        }
        return Strip::CodeEach {
            args: code,
            unproven,
        };
    }
    if o.value_at.is_none() && o.value.is_some() {
        return Strip::Opaque { at: o.index };
    }
    Strip::Code {
        arg: o.value_at.unwrap_or(o.index + 1),
        join_rest: spec.name == "env",
        unproven,
    }
}

/// `su`, `script`: the code option may be anywhere (`su root -c CMD`); without it no command is
/// given. A dynamic word before it, where an option may be, makes the reading opaque.
fn strip_code_anywhere(spec: &WrapperSpec, args: &[Arg], reading: &Reading) -> Strip {
    let dynamic = reading
        .parsed
        .operands
        .iter()
        .copied()
        .filter(|&i| reading.parsed.options_end.is_none_or(|end| i < end))
        .find(|&i| args[i].exact().is_none());
    for o in &reading.parsed.opts {
        if dynamic.is_some_and(|d| d < o.index) {
            break;
        }
        let word = args.get(o.index).and_then(Arg::exact).unwrap_or_default();
        if spec.query_options.contains(word) || spec.query_options.contains(&o.name) {
            return Strip::NoCommand;
        }
        if spec.code_options.contains(&o.name) {
            return code_option(spec, o, reading);
        }
    }
    if let Some(at) = dynamic {
        return Strip::Opaque { at };
    }
    if spec.bare_shell && !asks_for_help(args) {
        Strip::Shell
    } else {
        Strip::NoCommand
    }
}

/// `--help` or `--version` among the words: the wrapper prints and runs nothing.
fn asks_for_help(args: &[Arg]) -> bool {
    args.iter()
        .any(|a| matches!(a.exact(), Some("--help" | "--version")))
}

/// `npm explore PKG [--] CMD…`: one of the wrapper's `joined_forms`. Options before the
/// operands are skipped, each taken to have no value, so what follows is still read as operand
/// or command; that reading is not proven (`unproven`). `None` when `args` is not such a form.
fn strip_joined_form(spec: &WrapperSpec, args: &[Arg]) -> Option<Strip> {
    let first = args.first()?.exact()?;
    let &(_, mut positionals) = spec.joined_forms.iter().find(|(w, _)| *w == first)?;
    let mut i = 1;
    let mut unproven = None;
    while i < args.len() {
        let Some(v) = args[i].exact() else {
            return Some(Strip::Opaque { at: i });
        };
        if v == "--" {
            i += 1;
            break;
        }
        if v.starts_with('-') && v.len() > 1 {
            unproven = unproven.or(Some(i));
            i += 1;
            continue;
        }
        if positionals == 0 {
            break;
        }
        positionals -= 1;
        i += 1;
    }
    Some(if i < args.len() {
        Strip::Inner {
            start: i,
            assignments: Vec::new(),
            joined: true,
            unproven,
        }
    } else {
        Strip::NoCommand
    })
}

/// `hyperfine [OPTIONS] CMD…`: every operand and every code option's value is a command. A
/// dynamic word is given as code too (the caller flags code it cannot read). Options may follow
/// the commands; an option that takes several values (`-P NAME MIN MAX`) takes the words after
/// its first value as well. Such an option's first value names a parameter whose values
/// hyperfine writes into every command in place of `{NAME}` before the shell reads it (`-P n 1 3
/// 'cat {n}'` runs `cat 1`, a name the command's words do not show, perhaps a link to a secret;
/// `-P n -1 -1 'ls {n}'` gives `ls` an option): a command that holds one, or any `{` when the
/// name is known only at run time, is not the command read, and the reading is unproven.
fn strip_code_operands(spec: &WrapperSpec, args: &[Arg], form: &[Arg]) -> Strip {
    let mut reading = read(spec, args, form, true);
    let mut code = Vec::new();
    let mut values = Vec::new();
    // The parameters' placeholders (`{NAME}`), or `{` for a name known only at run time.
    let mut placeholders = Vec::new();
    for o in &reading.parsed.opts {
        if spec.multi_value.iter().any(|(n, _)| *n == o.name) {
            placeholders.push(
                o.value
                    .as_ref()
                    .map_or_else(|| "{".to_owned(), |n| format!("{{{n}}}")),
            );
        }
        let word = args.get(o.index).and_then(Arg::exact).unwrap_or_default();
        if spec.query_options.contains(word) || spec.query_options.contains(&o.name) {
            return Strip::NoCommand;
        }
        if spec.code_options.contains(&o.name) {
            match o.value_at {
                Some(at) => code.push(at),
                None if o.value.is_some() => return Strip::Opaque { at: o.index },
                None => {}
            }
        }
        if let Some(&(_, k)) = spec.multi_value.iter().find(|(n, _)| *n == o.name) {
            let last = o.value_at.unwrap_or(o.index);
            values.extend(last + 1..last + k);
        }
    }
    code.extend(
        reading
            .parsed
            .operands
            .iter()
            .copied()
            .filter(|i| !values.contains(i)),
    );
    code.sort_unstable();
    if reading.unproven.is_none() {
        reading.unproven = code.iter().copied().find(|&i| {
            args.get(i).is_some_and(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|t| placeholders.iter().any(|p| t.contains(p.as_str())))
            })
        });
    }
    if code.is_empty() {
        Strip::NoCommand
    } else {
        Strip::CodeEach {
            args: code,
            unproven: reading.unproven,
        }
    }
}

/// `NAME=value` with a valid shell variable name.
pub(crate) fn is_assignment(s: &str) -> bool {
    s.split_once('=')
        .is_some_and(|(name, _)| is_variable_name(name))
}

/// A valid shell variable name: letters, digits and `_`, not starting with a digit.
pub(crate) fn is_variable_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    fn args(s: &str) -> Vec<Arg> {
        s.split_whitespace()
            .map(|w| Arg::literal(w, Span::default()))
            .collect()
    }

    #[test]
    fn table_is_sorted_and_unique() {
        for pair in WRAPPERS.windows(2) {
            assert!(
                pair[0].name < pair[1].name,
                "{} before {}",
                pair[0].name,
                pair[1].name
            );
        }
    }

    /// The reading with its proof left out (tested on its own).
    fn proven(s: Strip) -> Strip {
        match s {
            Strip::Inner {
                start,
                assignments,
                joined,
                ..
            } => Strip::Inner {
                start,
                assignments,
                joined,
                unproven: None,
            },
            Strip::Code { arg, join_rest, .. } => Strip::Code {
                arg,
                join_rest,
                unproven: None,
            },
            other => other,
        }
    }

    #[test]
    fn strip_table() {
        use Strip::{Code, Inner, NoCommand, Shell};
        let inner = |start| Inner {
            start,
            assignments: vec![],
            joined: false,
            unproven: None,
        };
        let cases: &[(&str, &str, Strip)] = &[
            ("timeout", "5 rm -rf /", inner(1)),
            ("timeout", "-s KILL 5 rm", inner(3)),
            ("timeout", "--signal=KILL 5 rm", inner(2)),
            ("timeout", "-k 1 --preserve-status 5 rm", inner(4)),
            ("nohup", "rm -rf /", inner(0)),
            ("nice", "-n 10 rm", inner(2)),
            ("nice", "-10 rm", inner(1)),
            ("nice", "-n10 rm", inner(1)),
            ("choom", "-n 100 rm", inner(2)),
            ("choom", "-n 100 -- rm", inner(3)),
            ("choom", "-p 123", NoCommand),
            ("ionice", "-c 3 rm", inner(2)),
            ("ionice", "-p 123", NoCommand),
            ("stdbuf", "-oL rm", inner(1)),
            ("stdbuf", "-o L rm", inner(2)),
            ("time", "-p rm", inner(1)),
            ("env", "-i rm", inner(1)),
            ("env", "-u HOME rm", inner(2)),
            ("env", "-", NoCommand),
            ("env", "", NoCommand),
            (
                "env",
                "A=1 B=2 rm",
                Inner {
                    start: 2,
                    assignments: vec![0, 1],
                    joined: false,
                    unproven: None,
                },
            ),
            (
                "env",
                "-S x",
                Code {
                    arg: 1,
                    join_rest: true,
                    unproven: None,
                },
            ),
            ("command", "-v rm", NoCommand),
            ("command", "rm", inner(0)),
            ("command", "-p rm", inner(1)),
            ("builtin", "echo", inner(0)),
            ("exec", "-a name rm", inner(2)),
            ("sudo", "-u root rm", inner(2)),
            ("sudo", "-uroot rm", inner(1)),
            ("sudo", "--user=root rm", inner(1)),
            ("sudo", "-E -H rm", inner(2)),
            ("sudo", "-l", NoCommand),
            ("sudo", "-v", NoCommand),
            ("sudo", "--", NoCommand),
            ("sudo", "-- rm", inner(1)),
            ("doas", "-u root rm", inner(2)),
            (
                "su",
                "-c x",
                Code {
                    arg: 1,
                    join_rest: false,
                    unproven: None,
                },
            ),
            (
                "su",
                "root -c x",
                Code {
                    arg: 2,
                    join_rest: false,
                    unproven: None,
                },
            ),
            ("su", "- root", Shell),
            ("su", "--help", NoCommand),
            ("sudo", "-s", Shell),
            ("sudo", "-i", Shell),
            ("sudo", "-u root -i", Shell),
            ("sudo", "-s rm", inner(1)),
            ("chroot", "/mnt", Shell),
            ("chroot", "", NoCommand),
            ("unshare", "-r", Shell),
            ("tmux", "", Shell),
            ("tmux", "-u", Shell),
            ("tmux", "ls", NoCommand),
            ("tmux", "new-session -d -s x", Shell),
            ("screen", "-ls", NoCommand),
            ("screen", "", Shell),
            ("setsid", "-f rm", inner(1)),
            ("chroot", "/mnt rm", inner(1)),
            ("logsave", "/tmp/log rm", inner(1)),
            ("logsave", "-as /tmp/log rm", inner(2)),
            ("chroot", "--userspec=a:b /mnt rm", inner(2)),
            ("unbuffer", "rm", inner(0)),
            (
                "script",
                "-q -c x out",
                Code {
                    arg: 2,
                    join_rest: false,
                    unproven: None,
                },
            ),
            ("script", "out.log", Shell),
            ("flock", "/tmp/l rm", inner(1)),
            ("flock", "-w 5 /tmp/l rm", inner(3)),
            (
                "flock",
                "/tmp/l -c x",
                Code {
                    arg: 2,
                    join_rest: false,
                    unproven: None,
                },
            ),
            ("systemd-run", "--user --scope -p X=1 rm", inner(4)),
            ("xargs", "-0 -n 1 rm", inner(3)),
            ("xargs", "-I{} rm {}", inner(1)),
            ("xargs", "-I {} rm {}", inner(2)),
            ("xargs", "", NoCommand),
            (
                "watch",
                "-n 1 ls",
                Inner {
                    start: 2,
                    assignments: vec![],
                    joined: true,
                    unproven: None,
                },
            ),
            ("watch", "-x ls", inner(1)),
            ("taskset", "-c 0 rm", inner(2)),
            ("taskset", "-p 1 2", NoCommand),
            ("mise", "exec node@20", Shell),
            ("mise", "exec --help", NoCommand),
            ("mise", "x -h", NoCommand),
            ("jobs", "-x rm", inner(1)),
            ("jobs", "-x -- rm", inner(2)),
        ];
        for (name, rest, want) in cases {
            let Some(spec) = lookup(name) else {
                panic!("{name} is not in the table");
            };
            assert_eq!(&proven(strip(spec, &args(rest))), want, "{name} {rest}");
        }
    }

    /// The reading is proven only where the wrapper's table names every option spelled out:
    /// an abbreviation is read as its option (so the command is found where the wrapper finds
    /// it) but leaves the place unproven, and so does an option the table does not name.
    #[test]
    fn abbreviations_and_unknown_options_are_read_but_unproven() {
        let cases: &[(&str, &str, usize, Option<usize>)] = &[
            ("env", "--un echo rm -rf /", 2, Some(0)),
            ("env", "--unset echo rm -rf /", 2, None),
            ("xargs", "--arg-f list rm", 2, Some(0)),
            ("xargs", "--arg-file list rm", 2, None),
            ("timeout", "--kill-a 5 5 rm", 3, Some(0)),
            ("timeout", "--preserve-status 5 rm", 2, None),
            ("timeout", "--zz 5 rm", 2, Some(0)),
            ("nice", "-n 5 rm", 2, None),
            ("sudo", "-u root rm", 2, None),
            ("pyenv", "exec python --version", 1, None),
            // npm's `--no-NAME` negation and a flag's `true`/`false` word (nopt).
            ("npm", "exec --no-yes rm", 2, None),
            ("npm", "exec --no-install rm", 2, None),
            ("npm", "exec --yes false rm", 3, None),
            ("npm", "exec --no-zz rm", 2, Some(1)),
            // An optional value: the next word unless it starts with `-`.
            ("watchexec", "--poll 10s ls", 2, None),
            ("watchexec", "--poll -r ls", 2, None),
            ("watchexec", "-c -- ls", 2, None),
            ("yarn", "exec --emoji ls rm", 3, None),
            ("yarn", "exec --emoji -s rm", 3, None),
            // mise's command after `--`; its tools before it.
            ("mise", "exec node@20 -- rm", 3, None),
            ("mise", "x -j 2 node@20 python@3 -- rm", 6, None),
            ("mise", "exec --zz node@20 -- rm", 4, Some(1)),
        ];
        for &(name, rest, start, unproven) in cases {
            let Some(spec) = lookup(name) else {
                panic!("{name} is not in the table");
            };
            match strip(spec, &args(rest)) {
                Strip::Inner {
                    start: s,
                    unproven: u,
                    ..
                } => assert_eq!((s, u), (start, unproven), "{name} {rest}"),
                other => panic!("{name} {rest}: {other:?}"),
            }
        }
    }

    /// GNU parallel evaluates the values of its number options as Perl: only a plain number
    /// (digits, a point, `%`, single unit letters) is no code; anything else, or a value known
    /// only at run time, is an option that runs code.
    #[test]
    fn parallel_number_options_are_code_unless_plain_numbers() {
        for v in [
            "1", "10", "1M", "1.5Gi", "2m30s", "10%", "100k", "1Ki", "3d",
        ] {
            assert!(plain_number(v), "{v}");
        }
        for v in [
            "",
            "M",
            "`id`",
            "1`id`",
            "`i\\144`",
            "1;system(1)",
            "1 x 2",
            "exit",
            "1ex",
            "1kii",
            "-1",
            "$x",
        ] {
            assert!(!plain_number(v), "{v}");
        }
        let Some(spec) = lookup("parallel") else {
            panic!("parallel is not in the table");
        };
        let named = |rest: &str| -> Vec<String> {
            effect_options(spec, &args(rest))
                .into_iter()
                .map(|(_, n)| n)
                .collect()
        };
        assert_eq!(named("--block 1M --pipe wc -l"), Vec::<String>::new());
        assert_eq!(named("-n 2 -j4 echo ::: a b"), Vec::<String>::new());
        assert_eq!(named("--block `id` --pipe wc -l"), ["--block"]);
        assert_eq!(named("-n`id` echo ::: a"), ["-n"]);
        assert_eq!(named("--delay=`i\\144` echo ::: a"), ["--delay"]);
        assert_eq!(named("--timeout $T echo ::: a"), ["--timeout"]);
        assert_eq!(named("--limit 'rm -rf ~' echo ::: a"), ["--limit"]);
        assert_eq!(named("-J ./p echo ::: a"), ["-J"]);
    }

    /// The files a wrapper opens for writing itself: the lock file of `flock`, `lckdo` and
    /// `setlock` (created when missing), numactl's policy file (`--file`), and none for a
    /// plain memory policy.
    #[test]
    fn lock_and_policy_files_are_written() {
        let written = |wrapper: &str, rest: &str| -> Vec<Option<String>> {
            let Some(spec) = lookup(wrapper) else {
                panic!("{wrapper} is not in the table");
            };
            written_files(spec, &args(rest))
                .into_iter()
                .map(|w| w.value)
                .collect()
        };
        let some = |v: &str| vec![Some(v.to_owned())];
        assert_eq!(written("flock", "/tmp/l ls"), some("/tmp/l"));
        assert_eq!(written("lckdo", "-w /tmp/l ls"), some("/tmp/l"));
        assert_eq!(written("lckdo", "-W 5 ./l ls"), some("./l"));
        assert_eq!(written("setlock", "-n ~/.bashrc ls"), some("~/.bashrc"));
        assert_eq!(
            written("numactl", "--file /dev/shm/p --length 1g ls"),
            some("/dev/shm/p")
        );
        assert_eq!(written("numactl", "-f ./p -L 1g ls"), some("./p"));
        assert!(written("numactl", "--interleave=all ls").is_empty());
        assert!(written("numactl", "-C 0-3 ls").is_empty());
    }

    /// Which options of a wrapper take a value is said once: by its closed table when it has
    /// one (`wrappers.toml`), never also by its spec.
    #[test]
    fn a_wrapper_with_a_table_lists_no_values_of_its_own() {
        for spec in WRAPPERS {
            let (_, closed) = first_form_table(spec);
            if closed && !spec.code_operands {
                assert!(
                    spec.short_value == Letters::EMPTY && spec.long_value.is_empty(),
                    "{}: value options in both the spec and the table",
                    spec.name
                );
            }
        }
    }

    #[test]
    fn dynamic_word_is_opaque() {
        let mut a = args("-u root");
        a.push(Arg {
            value: None,
            template: "$X".into(),
            span: Span::default(),
            glob: false,
            tilde: false,
            brace: false,
            shaped: false,
            splits: false,
        });
        let Some(sudo) = lookup("sudo") else {
            panic!("no sudo")
        };
        assert_eq!(strip(sudo, &a), Strip::Opaque { at: 2 });
    }

    /// The word that leaves the command without `PATH`: an emptied environment or `PATH`
    /// removed from it; other variables removed, or none, leave the person's `PATH`.
    #[test]
    fn words_that_leave_the_command_without_path() {
        for (wrapper, words, want) in [
            ("env", "-i bash -c ls", Some(0)),
            ("env", "--ignore-environment bash -c ls", Some(0)),
            ("env", "-0i bash", Some(0)),
            ("env", "- bash -c ls", Some(0)),
            ("env", "A=1 - bash -c ls", Some(1)),
            ("env", "-u PATH bash -c ls", Some(0)),
            ("env", "-uPATH bash -c ls", Some(0)),
            ("env", "--unset=PATH bash -c ls", Some(0)),
            ("env", "--unset PATH sh", Some(0)),
            ("env", "-C /tmp -i bash", Some(2)),
            ("env", "-i PATH=/usr/bin bash -c ls", None),
            ("env", "- PATH=/bin sh", None),
            ("env", "-u HOME bash -c ls", None),
            ("env", "A=1 bash -c ls", None),
            ("env", "bash -c ls", None),
            ("env", "bash -", None),
            ("exec", "-c bash -c ls", Some(0)),
            ("exec", "-cl bash", Some(0)),
            ("exec", "-a x bash", None),
            ("flatpak-spawn", "--clear-env bash", Some(0)),
            ("flatpak-spawn", "--unset-env=PATH bash", Some(0)),
            ("flatpak-spawn", "--unset-env=HOME bash", None),
            ("timeout", "5 bash -c ls", None),
        ] {
            let Some(spec) = lookup(wrapper) else {
                panic!("no {wrapper}")
            };
            assert_eq!(drops_path(spec, &args(words)), want, "{wrapper} {words}");
        }
    }
}

#[cfg(test)]
#[path = "wrapper_table_tests.rs"]
mod table_tests;
