#!/bin/sh
# As the official image: options alone run redis-server with them; protected mode off unless asked for.
set -eu
case "${1:-}" in -*) set -- redis-server "$@" ;; esac
if [ "${1:-}" = redis-server ]; then
  shift
  set -- redis-server --protected-mode no "$@"
fi
exec "$@"
