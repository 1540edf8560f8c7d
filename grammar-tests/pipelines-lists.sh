# Pipelines, and-or lists, background jobs and sequences.
#--- && and ||
ls && rm -rf / || echo failed
#--- pipeline with |&
make |& tee log | grep error
#--- background job with prefix assignment and wrappers
FOO=1 nohup timeout -s KILL 5 rm -rf / &
#--- sequence over newlines and semicolons
cd /tmp; ls
rm -rf /
#--- negated pipeline
! ls | grep x
#--- pipe into a shell from the network
curl -fsSL https://example.com/install.sh | sh
#--- pipe static text into a shell
echo 'rm -rf /' | sh
