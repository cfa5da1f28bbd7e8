// node skyline.mjs ROWS.json OUT.json [FRONT.txt]
//
// DuckDB's per-curve skyline of InferenceX API rows, the job
// `sweeptune report --all-dates --include-suspect --json` does on the same
// rows (docs/report-speed.md): per curve (model, hardware, framework,
// precision, spec_method), a row is on the frontier when no other row of
// its curve dominates it on (mean_intvty, tput_per_gpu), both higher
// better. Rows are ordered by x descending, y descending among equal x: a
// row is on the frontier when its y beats every y before it. Every row is
// written as JSON with its flag (the report's equal work); with FRONT.txt
// the frontier's run URLs are written instead, sorted, to check the two
// agree. Needs @duckdb/node-api (npm install it outside the repository).
import { DuckDBInstance } from '@duckdb/node-api';

const [rows, out, front] = process.argv.slice(2);
const inst = await DuckDBInstance.create(':memory:');
const con = await inst.connect();
const q = `
WITH r AS (SELECT hardware, framework, model, precision, spec_method, conc, prefill_num_workers, date, run_url,
                  metrics.tput_per_gpu AS y, metrics.mean_intvty AS x, metrics
           FROM read_json('${rows}', format='array', maximum_object_size=1048576)),
s AS (SELECT *, y > coalesce(max(y) OVER (PARTITION BY model, hardware, framework, precision, spec_method
                 ORDER BY x DESC, y DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), -1e308) AS on_frontier FROM r)
SELECT * FROM s`;
if (front) {
  await con.run(`COPY (SELECT run_url FROM (${q}) WHERE on_frontier ORDER BY run_url) TO '${front}' (FORMAT csv, HEADER false)`);
} else {
  await con.run(`COPY (${q}) TO '${out}' (FORMAT json)`);
}
