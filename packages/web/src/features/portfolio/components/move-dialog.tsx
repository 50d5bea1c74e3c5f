// Move a property to another company, or a building to another property (spec section 4). The
// person chooses what happens to the micrometers: transfer=1 takes them and their history along;
// transfer=0 unassigns them first. After the move the page follows the record to its new address.

import { buildingPath, propertyPath } from '@flowsight/domain/paths';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDialog, FormDialogTitle } from '@/components/dialogs/form-dialog';
import { useSnackbar } from '@/components/feedback/snackbar-provider';
import { errorMessages } from '@/lib/api-error';
import { useCompanyNames } from '@/lib/place-names';
import { useProperties } from '../api/get-properties';
import { useMoveRecord } from '../api/move-record';
import { propertyListSpec } from '../utils/list-specs';
import { useTranslatePortfolioMessage } from '../utils/portfolio-messages';
import { Picker, usePhoneDialog } from './form-fields';

/** How many properties the building's target picker offers (typing narrows them). */
const TARGET_PROPERTIES_LIMIT = 50;

export type MoveDialogProps =
  | {
      level: 'property';
      record: { id: number; name: string; company_id: number };
      onClose: () => void;
    }
  | {
      level: 'building';
      record: { id: number; name: string; property_id: number };
      onClose: () => void;
    };

type Target = { id: number; name: string; companyId: number };

function useTargets(
  level: MoveDialogProps['level'],
  search: string,
): { rows: Target[]; loading: boolean } {
  const companies = useCompanyNames(level === 'property');
  const properties = useProperties(null, {
    page: 1,
    limit: TARGET_PROPERTIES_LIMIT,
    sortBy: propertyListSpec.defaultSort,
    search: level === 'building' ? search : '',
    filters: {},
  });
  if (level === 'property') {
    return {
      rows: (companies.data ?? []).map((company) => ({ ...company, companyId: company.id })),
      loading: companies.isPending,
    };
  }
  return {
    rows: (properties.data?.data ?? []).map((property) => ({
      id: property.id,
      name: `${property.name} · ${property.company_name}`,
      companyId: property.company_id,
    })),
    loading: properties.isFetching,
  };
}

export function MoveDialog(props: MoveDialogProps) {
  const { level, record, onClose } = props;
  const { t } = useTranslation();
  const translate = useTranslatePortfolioMessage();
  const { showMessage } = useSnackbar();
  const navigate = useNavigate();
  const transferId = useId();
  const fullScreen = usePhoneDialog();
  const move = useMoveRecord();
  const [search, setSearch] = useState('');
  const [targetId, setTargetId] = useState<number | null>(null);
  const [transfer, setTransfer] = useState(true);
  const [submitted, setSubmitted] = useState(false);
  const currentParent =
    props.level === 'property' ? props.record.company_id : props.record.property_id;
  const targets = useTargets(level, search);
  const choices = targets.rows.filter((target) => target.id !== currentParent);
  const [chosen, setChosen] = useState<Target | null>(null);

  const submit = () => {
    setSubmitted(true);
    if (targetId === null || chosen === null) return;
    move.mutate(
      { level, id: record.id, targetId, transfer },
      {
        onSuccess: (answer) => {
          showMessage(
            t('portfolio.move.moved', {
              message: answer.message,
              buildings: answer.moved.buildings,
              units: answer.moved.units,
              sensors: answer.moved.sensors,
              unassigned: answer.moved.unassigned_sensors,
            }),
          );
          onClose();
          const next =
            level === 'property'
              ? propertyPath(chosen.companyId, record.id)
              : buildingPath(chosen.companyId, chosen.id, record.id);
          void navigate(`${next}/overview`, { replace: true });
        },
      },
    );
  };

  return (
    <FormDialog open onClose={onClose} maxWidth="sm" fullScreen={fullScreen}>
      <FormDialogTitle>
        {level === 'property'
          ? t('portfolio.move.propertyTitle', { name: record.name })
          : t('portfolio.move.buildingTitle', { name: record.name })}
      </FormDialogTitle>
      <DialogContent dividers>
        <Stack spacing={3}>
          <Picker
            label={
              level === 'property'
                ? t('portfolio.move.targetCompany')
                : t('portfolio.move.targetProperty')
            }
            options={choices}
            loading={targets.loading}
            value={targetId}
            required
            onChange={(id) => {
              setTargetId(id);
              setChosen(choices.find((choice) => choice.id === id) ?? null);
            }}
            onInputChange={level === 'building' ? setSearch : undefined}
            error={submitted && targetId === null ? t('portfolio.move.targetRequired') : undefined}
            testId="move-target"
          />
          <FormControl>
            <FormLabel id={transferId}>{t('portfolio.move.micrometers')}</FormLabel>
            <RadioGroup
              aria-labelledby={transferId}
              value={transfer ? '1' : '0'}
              onChange={(event) => setTransfer(event.target.value === '1')}
            >
              <TransferOption
                value="1"
                title={t('portfolio.move.transferYes')}
                hint={t('portfolio.move.transferYesHint')}
              />
              <TransferOption
                value="0"
                title={t('portfolio.move.transferNo')}
                hint={t('portfolio.move.transferNoHint')}
              />
            </RadioGroup>
          </FormControl>
          {move.error !== null && (
            <Alert severity="error" role="alert" sx={{ whiteSpace: 'pre-line' }}>
              {errorMessages(move.error).map(translate).join('\n')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('portfolio.actions.cancel')}</Button>
        <Button
          variant="contained"
          loading={move.isPending}
          onClick={submit}
          data-testid="move-submit"
        >
          {t('portfolio.move.submit')}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}

type TransferOptionProps = { value: '1' | '0'; title: string; hint: string };

/** One answer to "what happens to the micrometers": a radio with its title and a hint below. */
function TransferOption({ value, title, hint }: TransferOptionProps) {
  return (
    <FormControlLabel
      value={value}
      control={<Radio />}
      sx={{ alignItems: 'flex-start', mt: 1, '& .MuiRadio-root': { pt: 0.25 } }}
      label={
        <>
          <Typography>{title}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {hint}
          </Typography>
        </>
      }
    />
  );
}
