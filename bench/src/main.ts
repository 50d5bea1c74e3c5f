// `npm run bench`: every benchmark in turn, each printing its figures against its baseline.
await import('./ingest.ts');
