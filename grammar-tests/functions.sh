# Function definitions: their bodies are units in the function context; a later call of the function adds no unit of its own.
#--- define and call
f() { rm -rf /; }; f
#--- the function keyword
function g { ls; }
#--- a subshell body and a redirect on the definition
h() ( rm -rf / ) > log
#--- a function named like a command shadows it
ls() { rm -rf /; }; ls
