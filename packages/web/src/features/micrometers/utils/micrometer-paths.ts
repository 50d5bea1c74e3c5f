// The addresses micrometer screens link to (spec section 2, "Links used elsewhere"), each naming
// the micrometer by `?mac=`.
export const assignmentPath = (mac: string) =>
  `/micrometers/assignment?mac=${encodeURIComponent(mac)}&reload=1`;
export const configPath = (mac: string) => `/micrometers/config?mac=${encodeURIComponent(mac)}`;
export const unassignedPath = (mac: string) =>
  `/micrometers/unassigned?mac=${encodeURIComponent(mac)}`;
