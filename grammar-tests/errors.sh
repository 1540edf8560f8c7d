# Inputs tree-sitter-bash cannot parse. Each must give a parse-error flag and no panic.
#--- unclosed double quote
echo "unterminated
#--- unclosed subshell
(ls
#--- stray closing keyword
fi
#--- heredoc start glued to `;` (tree-sitter-bash takes `EOF;` for the delimiter; re-read with the body moved after the `;`)
cat <<EOF; rm -rf /
EOF
#--- a redirect operator with no target
ls >
#--- zsh-only syntax
my_function() { emulate -L zsh; ls }
#--- unbalanced braces in a group piped on
{ command1; command2 } | another_command
#--- a bracket of blanks is one word to tree-sitter-bash; bash reads `[` and `]x`
echo [ ]x [	]
#--- a single-quoted slash in the pattern of ${x/…/…} (bash: a quoted slash, the pattern goes on)
echo "${PWD//'/'/_}"
