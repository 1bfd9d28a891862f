#!/bin/bash
# The CRM export's memory, decisively: 1M customers written straight into the read model of a fresh app (npm start,
# the supervised default; PORT 3950, EMBEDDED_PG_PORT 54450), then GET /api/crm/customers/export three times while
# the api process's RSS is sampled. Run once as is and once with a capped V8 heap: a streamed export completes in
# the capped one with its RSS flat; one that held the rows (127 MB of CSV) could not.
#   bench/export-heap-cap.sh plain
#   bench/export-heap-cap.sh capped "--max-old-space-size=64 --max-semi-space-size=8"
# Needs `npm run build` first, psql and curl.
set -e
cd "$(dirname "$0")/.."
label=$1; opts=$2
dir=.data/export-heap-$label; rm -rf $dir
export DATA_DIR=$dir PORT=3950 EMBEDDED_PG_PORT=54450 LOG_LEVEL=warn ADMIN_EMAIL=exp@example.com ADMIN_PASSWORD=exp-password-12345 SEED=0
NODE_OPTIONS="$opts" node services/dist/main.js > /tmp/export-heap-$label.log 2>&1 &
app=$!
for i in $(seq 1 60); do curl -sf localhost:3950/healthz >/dev/null && break; sleep 1; done
PG="postgres://postgres:crm-embedded@127.0.0.1:54450/crm"
# Straight into the current generation's table: the export reads only the read model (no events behind these rows).
phys=$(psql "$PG" -Atc "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'rm_crm_customers_g%' AND table_name NOT LIKE '%communications%' ORDER BY table_name DESC LIMIT 1")
echo "table $phys"
psql "$PG" -qc "INSERT INTO $phys (id,name,email,company,status,lead_score,created_at,updated_at,search) SELECT gen_random_uuid(), 'Exp '||i, 'exp'||i||'@example.com', 'Co '||(i%100), 'lead', 0, now() - i*interval '1 second', now(), 'exp '||i||' exp'||i||'@example.com co '||(i%100) FROM generate_series(1,1000000) i"
psql "$PG" -qc "ANALYZE $phys"
tok=$(curl -s -X POST localhost:3950/api/admin/login -H 'content-type: application/json' -d '{"email":"exp@example.com","password":"exp-password-12345"}' | node -e "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const j=JSON.parse(s);console.log(j.token||j.accessToken||j.session?.token||'')})")
rss() { awk '/VmRSS/{print int($2/1024)}' /proc/$app/status; }
for round in 1 2 3; do
  before=$(rss); peak=$before
  ( curl -s -o /tmp/export-heap-$label.csv -H "authorization: Bearer $tok" localhost:3950/api/crm/customers/export ) &
  c=$!
  while kill -0 $c 2>/dev/null; do r=$(rss); [ $r -gt $peak ] && peak=$r; sleep 0.05; done
  echo "$label round $round: rows $(($(wc -l < /tmp/export-heap-$label.csv)-1)), RSS before $before MB, peak $peak MB, after $(rss) MB"
done
kill -TERM $app; wait $app || true
rm -rf $dir /tmp/export-heap-$label.csv
