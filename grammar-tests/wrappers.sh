# Wrappers that run another program: their options are skipped, the inner program is the unit.
#--- sudo with options that take values, then env
sudo -u root env -i rm -rf /
#--- env assignments
env -u HOME A=1 rm -rf /
#--- nice, ionice, stdbuf, time
nice -n 10 ionice -c 3 stdbuf -oL time -p rm -rf /
#--- timeout with long options
timeout --signal=KILL -k 1 5 rm -rf /
#--- command -v is a query; command rm runs rm
command -v rm; command rm -rf /
#--- path-qualified programs
/bin/rm -rf /; ./cat x
#--- exec, builtin, xargs with options
exec -a name rm -rf /; builtin command ls; xargs -0 -n 1 rm -rf
#--- su and runuser run code strings
su root -c 'rm -rf /'; runuser -l root -c 'rm -rf /'
#--- watch runs words through sh -c, watch -x execs them
watch -n 1 'rm -rf /'; watch -x rm -rf /
#--- bash's time keyword before a compound command: the compound runs, timed
time (ls; rm -rf /)
