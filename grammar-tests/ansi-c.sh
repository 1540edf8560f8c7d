# ANSI-C quoting $'…': hex, octal, unicode, control escapes, decoded before matching.
#--- hex escape spells rm
$'\x72m' -rf /
#--- octal escapes
$'\162\155' -rf /
#--- unicode escapes
$'\u0072\U0000006d' -rf /
#--- a decoded newline inside code given to bash -c
bash -c $'ls\nrm -rf /'
#--- escaped quote and control character
echo $'it\'s' $'\cA'
#--- a byte above 0x7f cannot stand alone in UTF-8
$'\xff' x
