# Brace expansion, globs and tildes. Grammar quirk: a brace expansion in command position
# is an ERROR node; the parser recovers it as a command whose first word is the brace word.
#--- brace expansion in command position (ERROR tree)
{rm,-rf,/}
#--- brace expansion with an escape in command position
{rm,-rf,\/}
#--- brace expansion in arguments, lists and sequences
echo {a,b} x{1..3} {a..c} {a,{b,c}}
#--- quoted braces do not expand
echo '{a,b}' "{a,b}" {a}
#--- globs, quoted and escaped
ls *.rs '*.md' a\* [ab] ?x
#--- a glob decides the program
/bin/r? -rf /
#--- tilde forms
ls ~ ~/x '~' ~root
#--- braces after a quoted or escaped `$` expand (only an unquoted `${` opens an expansion)
echo \${a,b} '$'{c,d}
