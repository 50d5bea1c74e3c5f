// The data sets "Export All to CSV" offers (spec sections 2 and 7), each with the path of its
// `export-all` route.
export const exportSets = [
  { id: 'companies', type: 'companies' },
  { id: 'properties', type: 'properties' },
  { id: 'buildings', type: 'buildings' },
  { id: 'units', type: 'units' },
  { id: 'sensors', type: 'sensors' },
  { id: 'gateways', type: 'gateways' },
  { id: 'users', type: 'users' },
  { id: 'cities', type: 'location/cities' },
] as const;

export type ExportSet = (typeof exportSets)[number];
export type ExportSetId = ExportSet['id'];
