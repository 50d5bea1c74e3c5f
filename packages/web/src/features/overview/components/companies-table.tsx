// The overview's list of companies, one line each linking to the company's page: a table with
// the company's sensors, the share transmitting, open alerts and this month's gallons, or one
// card per company on phones.
import { companyPath } from '@flowsight/domain/paths';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FleetOverview } from '../api/get-overview';
import { useOverviewFormat } from '../utils/overview-format';

type CompanyLine = FleetOverview['companies_list'][number];

/** The table's figure columns after the name, in order, each headed by its own text. */
const FIGURE_COLUMNS = ['sensors', 'transmitting', 'openAlerts', 'gallonsThisMonth'] as const;

type CompaniesTableProps = { companies: readonly CompanyLine[] };

export function CompaniesTable({ companies }: CompaniesTableProps) {
  const { t } = useTranslation();
  const format = useOverviewFormat();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const pathOf = (company: CompanyLine) => companyPath(company.company_id);

  const empty = companies.length === 0 && (
    <Typography
      sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}
      data-testid="overview-companies-empty"
    >
      {t('overview.companies.empty')}
    </Typography>
  );

  return (
    <Box component="section" aria-labelledby="overview-companies-title">
      <Typography id="overview-companies-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('overview.companies.title')}
      </Typography>
      {phone ? (
        <Stack spacing={1} data-testid="overview-companies">
          {empty}
          {companies.map((company) => (
            <Card key={company.company_id} variant="outlined" data-testid="overview-company">
              <CardActionArea component={RouterLink} to={pathOf(company)} sx={{ p: 1.5 }}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {company.name}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('overview.companies.cardSensors', {
                    sensors: format.count(company.sensors),
                    share: format.share(company.transmitting, company.sensors),
                  })}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('overview.companies.cardUsage', {
                    alerts: format.count(company.open_alerts),
                    gallons: format.gallons(company.gallons_this_month),
                  })}
                </Typography>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 2 }}>
          <TableContainer>
            <Table
              size="small"
              aria-labelledby="overview-companies-title"
              data-testid="overview-companies"
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={{ fontWeight: 600 }}>{t('overview.companies.name')}</TableCell>
                  {FIGURE_COLUMNS.map((column) => (
                    <TableCell key={column} align="right" sx={{ fontWeight: 600 }}>
                      {t(`overview.companies.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {empty !== false && (
                  <TableRow>
                    <TableCell colSpan={5}>{empty}</TableCell>
                  </TableRow>
                )}
                {companies.map((company) => (
                  <TableRow key={company.company_id} hover data-testid="overview-company">
                    <TableCell>
                      <Link component={RouterLink} to={pathOf(company)} sx={{ fontWeight: 600 }}>
                        {company.name}
                      </Link>
                    </TableCell>
                    <TableCell align="right">{format.count(company.sensors)}</TableCell>
                    <TableCell align="right">
                      {format.share(company.transmitting, company.sensors)}
                    </TableCell>
                    <TableCell align="right">{format.count(company.open_alerts)}</TableCell>
                    <TableCell align="right">
                      {format.decimal(company.gallons_this_month)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
