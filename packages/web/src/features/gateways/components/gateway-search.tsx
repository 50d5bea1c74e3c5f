// The header's gateway search (spec section 2, "Header controls": system roles only; 400 ms
// debounce and 5 hits, section 9): a combobox over serial numbers and names whose chosen hit opens
// the gateway's detail on /gateways. Narrow screens get a button that opens it full screen.
import { SEARCH_DEBOUNCE_MS } from '@flowsight/domain/constants';
import RouterRounded from '@mui/icons-material/RouterRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  FullScreenSearch,
  SEARCH_RESULTS_MAX_HEIGHT,
  SearchHit,
  SearchInput,
} from '@/components/search-input';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type GatewaySearchHit, useGatewaySearch } from '../api/search-gateways';
import { gatewayPath } from '../utils/list-params';

type GatewayComboboxProps = { inline: boolean; onDone?: () => void };

function GatewayCombobox({ inline, onDone }: GatewayComboboxProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [listOpen, setListOpen] = useState(false);
  const wanted = text.trim();
  const settled = useDebouncedValue(wanted, SEARCH_DEBOUNCE_MS);
  const search = useGatewaySearch(settled);
  const current = wanted !== '' && settled === wanted;
  const options = current ? (search.data ?? []) : [];
  const loading = wanted !== '' && (!current || search.isPending);

  return (
    <Autocomplete<GatewaySearchHit, false, false, false>
      open={wanted !== '' && (inline || listOpen)}
      onOpen={() => setListOpen(true)}
      onClose={() => setListOpen(false)}
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(gateway) => gateway.serial_number}
      getOptionKey={(gateway) => gateway.id}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') setText(value);
      }}
      onChange={(_event, gateway) => {
        if (gateway === null) return;
        setText('');
        setListOpen(false);
        onDone?.();
        void navigate(gatewayPath(gateway.id));
      }}
      autoHighlight
      blurOnSelect={!inline}
      clearOnBlur={false}
      forcePopupIcon={false}
      loading={loading}
      loadingText={t('gateways.search.searching')}
      noOptionsText={
        current && search.isError ? t('gateways.search.failed') : t('gateways.search.none')
      }
      slotProps={{
        listbox: {
          sx: { maxHeight: inline ? 'none' : SEARCH_RESULTS_MAX_HEIGHT },
          'aria-label': t('gateways.search.label'),
        },
        popper: { placement: 'bottom-start', sx: { minWidth: 280 } },
      }}
      renderOption={({ key, ...optionProps }, gateway) => (
        <SearchHit
          key={key}
          optionProps={optionProps}
          icon={RouterRounded}
          title={gateway.serial_number}
          caption={
            [gateway.name, gateway.building_name].filter(Boolean).join(' · ') ||
            t('gateways.inStock')
          }
          testId="gateway-search-result"
        />
      )}
      renderInput={(params) => (
        <SearchInput
          params={params}
          icon={RouterRounded}
          placeholder={t('gateways.search.placeholder')}
          label={t('gateways.search.label')}
          testId="gateway-search-input"
          autoFocus={inline}
        />
      )}
    />
  );
}

export type GatewaySearchProps = {
  /** Narrow screens: a button that opens the field full screen. */
  compact: boolean;
};

export function GatewaySearch({ compact }: GatewaySearchProps) {
  const { t } = useTranslation();
  const [dialogOpen, setDialogOpen] = useState(false);

  if (!compact) {
    return (
      <Box
        data-testid="header-gateway-search"
        sx={{ width: 220, flexShrink: 1, minWidth: 160, ml: 1.5 }}
      >
        <GatewayCombobox inline={false} />
      </Box>
    );
  }
  const close = () => setDialogOpen(false);
  return (
    <>
      <Tooltip title={t('gateways.search.open')}>
        <IconButton
          aria-label={t('gateways.search.open')}
          aria-haspopup="dialog"
          onClick={() => setDialogOpen(true)}
          data-testid="header-gateway-search"
        >
          <RouterRounded />
        </IconButton>
      </Tooltip>
      <FullScreenSearch
        open={dialogOpen}
        onClose={close}
        title={t('gateways.search.open')}
        closeLabel={t('common.close')}
        contentSx={{ px: 2, pb: 2, pt: 1 }}
      >
        <GatewayCombobox inline onDone={close} />
      </FullScreenSearch>
    </>
  );
}
