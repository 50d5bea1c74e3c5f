// `npm run bench`: every benchmark in turn, each printing its figures against its baseline.
// `BENCH_ONLY=ingest` or `BENCH_ONLY=usage` runs one of them.
const only = process.env.BENCH_ONLY;
if (!only || only === 'ingest') await import('./ingest.ts');
if (!only || only === 'usage') await import('./usage.ts');
