# Heredocs and here-strings. Grammar quirk: the rest of the line after a heredoc start sits
# inside the heredoc_redirect node (`cat <<EOF | bash` puts the pipeline in the redirect).
#--- quoted heredoc piped to bash: the pipeline sits inside the heredoc redirect
cat <<'EOF' | bash
rm -rf /
EOF
#--- unquoted heredoc: substitutions in the body run
cat <<EOF
$(rm -rf /)
EOF
#--- backquotes in an unquoted heredoc body are left unparsed by the grammar; bash runs them
cat <<EOF
`rm -rf /`
EOF
#--- heredoc as the stdin of a shell
bash <<EOF
rm -rf /
EOF
#--- a shell reading a heredoc with expansions: analysed, and flagged as run-time code
bash <<EOF
cd $HOME && rm -rf build
EOF
#--- tab-stripping heredoc
sh -s <<-EOF
	rm -rf /
	EOF
#--- heredoc followed by && on the same line
cat <<EOF | sh && ls
rm -rf /
EOF
#--- heredoc followed by a file redirect (nested inside the heredoc redirect)
cat <<EOF > out.txt
hello
EOF
#--- heredoc, redirect and a command after `;` on the same line (an ERROR for tree-sitter-bash; re-read with the body moved after the `;`)
cat <<EOF > f; rm -rf /
hello
EOF
#--- here-string to a shell
sh <<< "rm -rf /"
#--- words after the delimiter on the operator's line: arguments, nested inside the redirect
cat <<EOF $(rm -rf /) -n
hello
EOF
#--- a line continuation before the delimiter is removed by bash
bash <<\
E
rm -rf /
E
