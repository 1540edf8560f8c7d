# Assignments, declarations, and non-ASCII text.
#--- bare assignment then use in command position
x=rm; $x -rf /
#--- export and declare with values
export PATH=/tmp:$PATH; declare -a arr=(1 2); local v=1
#--- IFS as a prefix of read (only how read splits the line: not flagged)
IFS=/ read -r a b <<< "x/y"
#--- Cyrillic letter in a program name
rм -rf /
#--- zero-width space in a program name
r​m -rf /
#--- non-ASCII text in arguments
echo héllo wörld 日本
