#!/usr/bin/env bash
# Makes sure the local Postgres (127.0.0.1:5432) and Redis (127.0.0.1:6379) that the scale-out
# configuration and its tests use are running, starting them from Debian's packages if needed.
set -euo pipefail

need_apt=()
command -v pg_ctlcluster >/dev/null 2>&1 || need_apt+=(postgresql)
command -v redis-server >/dev/null 2>&1 || need_apt+=(redis-server)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "services: installing ${need_apt[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}"
fi

if ! pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "services: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -n 1)" main start
fi
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
pg_isready -h 127.0.0.1 -p 5432 -q || { echo "services: PostgreSQL did not come up" >&2; exit 1; }

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  echo "services: starting Redis"
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
fi
for _ in $(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done
redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null || { echo "services: Redis did not come up" >&2; exit 1; }
echo "services: PostgreSQL and Redis are up"
