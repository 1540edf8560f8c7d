# Quote removal: single, double, escapes, empty words, quotes splicing a program name.
# Blocks are separated by `#---` lines; the text after `#---` names the block.
#--- single quotes inside a program name are removed
r''m -rf /
#--- a backslash before the program name
\rm -rf /
#--- double quotes: only \$ \` \" \\ and \<newline> are escapes
echo "a\"b" "a\qb" "\$HOME" "\\"
#--- mixed quoting concatenated into one word
'r'"m" -rf /
#--- empty strings are still arguments
echo "" ''
#--- a newline inside double quotes is part of the word
echo "a
b"
#--- locale string $"…"
echo $"hello"
#--- escaped space joins two words
echo a\ b
#--- line continuation inside a word joins it (bash reads `rm`)
r\
m -rf /
#--- line continuation between words
rm -rf \
  /
#--- an escape right after a quoted string or an expansion goes on with the word (bash reads /etc/shadow)
cat "/etc/shado"\w '/etc/shado'\w ${d}\/shadow $x\ y
#--- the same in a declaration, a for list, an array and a redirect target
declare y=$x\v; for f in "a"\b; do :; done; a=(x "$y"\z); cat <"/etc/shado"\w
#--- an escape right after an assignment value or a here-string is the rest of it
y="a"\v ls; cat <<<"a"\b
#--- a locale string after other text: bash drops the `$` (i$"d" runs id, /etc/$"shadow" is /etc/shadow)
i$"d"; cat /etc/$"shadow"; echo a\\$"x" $$"x"
#--- an argument `==` or `=~` is a word (tree-sitter-bash gives an operator token; bash passes it)
flock == rm -rf ~; printf x == =~ end
#--- escaped blanks at a word's edge, and a word of escaped blanks alone (bash passes the lock file ` `)
flock \  rm -rf ~; echo \ 'a' {a,b}\  a\  \ b
#--- an escaped `$` right after a quoted string is the `$` token to the grammar; bash reads `a$`
echo 'a'\$ }\$
#--- the grammar's `$` token can carry the text before it (`-$`): that text stays in the word
rm -$"rf" ~; echo "a"-$"b" -$ x
#--- the `$` token before a string: `$$` is the process id and `\$` a literal, not a translated string
echo a$$"b" 'a'\$"b" -$$"b"
#--- a vertical tab and a form feed are bytes of the word to bash, blanks to tree-sitter-bash
ls#x; echo a#y; ls \#z
#--- an escaped blank outside a word is a word to bash, skipped by tree-sitter-bash
\  ls; x=1 \  ls; echo x | tee \ ; ls > f \ ;
#--- `==` and `=~` as arguments: the grammar reads an operator and swallows what follows; respelled "=="
echo == && rm -rf /; echo =~ | sh; echo == ; id; [[ a == b ]]; test a == b
#--- a `$` before a blank after a line continuation is a literal `$`; the next line is a command
echo $\
 
rm -rf /
#--- an escape that begins the line after a redirect starts a command
echo 2>&1
\rm -rf /
#--- a reserved word or `}` glued to a byte is a longer word to bash: the group goes on
{ echo; }x; rm -rf /
}
#--- a `#` inside a word is no comment: after a reserved word, `}` or an array assignment
if true; then echo; fi#; rm -rf /
fi; a=(x)#; id; (echo)#; id
#--- a line continuation at the start of the line after a redirect
echo 2>&1
\
rm -rf /
