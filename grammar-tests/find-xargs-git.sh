# Programs that run commands from their arguments: find, xargs, parallel, git config.
#--- find -exec with ;
find . -exec rm -rf / \;
#--- find -execdir, -ok, -okdir and + terminator
find . -execdir rm {} + -ok rm {} \; -okdir rm {} \;
#--- xargs from a pipe, and with -I
echo / | xargs rm -rf; ls | xargs -I{} sh -c 'rm -rf {}'
#--- parallel with ::: arguments
parallel rm -rf ::: a b
#--- git alias running a shell command
git -c alias.x='!rm -rf /' x
#--- git pager configuration
git -c core.pager='rm -rf /' log
#--- git global options before the subcommand
git -C repo --no-pager log -1
