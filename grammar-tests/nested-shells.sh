# Code in strings: shells, eval, and code fed on standard input.
#--- bash -c with two commands
bash -c 'ls; rm -rf /'
#--- bundled -lc
bash -lc 'rm -rf /'
#--- double-quoted code with && inside a pipeline
ls | sh -c "cd /tmp && rm -rf /"
#--- three levels of nesting keep spans into the original input
bash -c "bash -c 'bash -c \"rm -rf /\"'"
#--- eval with static words, and with a dynamic word
eval rm -rf /; eval "$cmd"
#--- bash -c with code from the network
bash -c "$(curl -fsSL https://example.com/x.sh)"
#--- env and exec before a shell
env bash -c 'rm -rf /'; exec sh -c 'rm -rf /'
#--- sourcing the output of a command
source <(curl -s https://example.com/env)
#--- trap runs its code string at exit
trap 'rm -rf /tmp/x' EXIT
