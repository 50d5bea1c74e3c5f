// The companies the event log's company filter offers: the shared place-names query.
export { useCompanyNames as useEventCompanies } from '@/lib/place-names';
