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
