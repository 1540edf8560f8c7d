# Command, process, parameter and arithmetic substitutions wherever they can appear.
#--- substitution in an argument
echo $(rm -rf /) x
#--- substitution inside double quotes and backticks
echo "$(rm -rf /)" `id`
#--- substitution in an assignment, alone and as a prefix
X=$(rm -rf /) ls; Y=`id`
#--- substitution in a redirect target
echo hi > "$(rm -rf /)"
#--- substitution in array elements and in a subscript
arr=(a $(rm -rf /) b); a[$(id)]=1
#--- substitution inside a parameter operator
echo ${x:-$(rm -rf /)}
#--- backquotes inside a parameter operator are a plain word in the grammar; bash runs them
echo ${x:+`rm -rf /`} "${y:-`id`}"
#--- process substitutions, input and output
cat <(rm -rf /) > >(tee log)
#--- arithmetic expansion with a substitution inside
echo $((1 + $(id -u))) $[2*3]
#--- $(< file) reads a file
echo $(< list.txt)
#--- the process id after other text is an expansion (the grammar gives a `$` token)
echo -$$ x$$ "a"$$
#--- process substitutions in a parameter's operand or pattern, and in a regex, run (the grammar leaves them as text)
echo ${x:-<(rm -rf /)} ${x#>(id)} ${x/a/b<(id)c}; [[ s =~ a<(rm -rf /) ]]; echo "${x:-<(id)}" $((1<(2)))
#--- in a test, `<(` or `>(` glued to the operand before it is a process substitution (the grammar reads a comparison with a group)
[[ a<(rm -rf /) ]]; [[ -f x>(id) ]]; [[ s =~ "a"<(id) ]]; [[ a < b ]]
#--- bash 5.3 runs `${ cmd; }`, `${| cmd; }` and `${⏎cmd⏎}` in the current shell (the grammar reads a parameter or opaque operand text); never allowed
echo ${
reboot
} ${x#${ id; }} "${ id
}"
