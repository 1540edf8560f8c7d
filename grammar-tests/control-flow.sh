# Compound commands: if, loops, case, select, test commands, subshells, groups, coproc.
#--- if with a subshell in the body
if true; then (rm -rf /); fi
#--- elif and else
if [ -f a ]; then ls; elif [[ -d b ]]; then pwd; else rm -rf /; fi
#--- while and until
while rm -rf /; do sleep 1; done; until false; do :; done
#--- for over a substitution, and C-style for
for i in $(ls); do rm "$i"; done; for ((i=0; i<3; i++)); do echo $i; done
#--- case with several patterns
case $x in a|b) rm -rf /;; *) ls;; esac
#--- select
select i in a b; do rm -rf /; done
#--- [[ ]] and (( )) with substitutions
[[ -n $(rm -rf /) ]] && (( x = $(id -u) ))
#--- brace group and negation
{ ls; ! rm -rf /; }
#--- coproc with a brace group (tree-sitter-bash has no coproc: the group is mis-parsed)
coproc NAME { rm -rf /; }
#--- `((` whose inner `)` is not followed by `)` is two subshells to bash (tree-sitter-bash: ERROR)
((rm -rf /) ); ((id)||(ls)); echo $((id) )
