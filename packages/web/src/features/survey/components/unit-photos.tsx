// A unit's survey photos: thumbnails of those stored (fetched with the session, shown from
// memory), and a big "Add photo" button that opens the camera on a phone (`capture`) or a file
// picker elsewhere; each upload shows its progress, and a failed one its reason and a retry. A
// stored photo can be removed after a confirmation (a wrong or blurred shot); a refusal is shown.
import AddAPhotoRounded from '@mui/icons-material/AddAPhotoRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '@/components/feedback/confirmation-dialog';
import { errorMessages } from '@/lib/api-error';
import {
  deletePhoto,
  type SurveyPhoto,
  uploadPhoto,
  usePhotoFile,
  useRefreshUnitPhotos,
  useUnitPhotos,
} from '../api/unit-photos';

type Upload = { id: number; file: File; share: number; error: unknown };

export type UnitPhotosProps = { buildingId: number; unitId: number; mayUpload: boolean };

export function UnitPhotos({ buildingId, unitId, mayUpload }: UnitPhotosProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const photos = useUnitPhotos(buildingId, unitId);
  const refresh = useRefreshUnitPhotos(buildingId, unitId);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [removing, setRemoving] = useState<SurveyPhoto | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const [removeError, setRemoveError] = useState<unknown>(null);

  const remove = async (photo: SurveyPhoto) => {
    setRemoveBusy(true);
    setRemoveError(null);
    try {
      await deletePhoto(photo.id);
      await refresh();
    } catch (error) {
      setRemoveError(error);
    } finally {
      setRemoveBusy(false);
      setRemoving(null);
    }
  };

  const change = (id: number, part: Partial<Upload>) =>
    setUploads((current) => current.map((u) => (u.id === id ? { ...u, ...part } : u)));

  const send = (upload: Upload) => {
    change(upload.id, { share: 0, error: null });
    uploadPhoto({ buildingId, unitId, file: upload.file }, (share) =>
      change(upload.id, { share }),
    ).then(
      () => {
        setUploads((current) => current.filter((u) => u.id !== upload.id));
        void refresh();
      },
      (error: unknown) => change(upload.id, { error }),
    );
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const added = files.map((file, index) => ({
      id: Date.now() + index,
      file,
      share: 0,
      error: null,
    }));
    setUploads((current) => [...current, ...added]);
    for (const upload of added) send(upload);
  };

  return (
    <Stack spacing={2} data-testid="unit-photos">
      <Typography variant="h6" component="h3">
        {t('survey.photos.title')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1,
          gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
        }}
      >
        {(photos.data ?? []).map((photo) => (
          <PhotoThumbnail
            key={photo.id}
            photo={photo}
            onRemove={mayUpload ? () => setRemoving(photo) : undefined}
          />
        ))}
      </Box>
      {removeError !== null && (
        <Alert severity="error" onClose={() => setRemoveError(null)}>
          {t('survey.photos.removeFailed')} {errorMessages(removeError).join(' ')}
        </Alert>
      )}
      <ConfirmationDialog
        open={removing !== null}
        title={t('survey.photos.removeTitle')}
        text={t('survey.photos.removeText')}
        busy={removeBusy}
        onConfirm={() => {
          if (removing !== null) void remove(removing);
        }}
        onCancel={() => setRemoving(null)}
      />
      {photos.data?.length === 0 && uploads.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>{t('survey.photos.none')}</Typography>
      )}
      {uploads.map((upload) => (
        <Stack key={upload.id} spacing={0.5} data-testid="photo-upload">
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {upload.file.name}
          </Typography>
          {upload.error === null ? (
            <LinearProgress
              variant="determinate"
              value={upload.share * 100}
              aria-label={t('survey.photos.uploading', { name: upload.file.name })}
            />
          ) : (
            <Alert
              severity="error"
              action={<Button onClick={() => send(upload)}>{t('survey.retry')}</Button>}
            >
              {t('survey.photos.failed')} {errorMessages(upload.error).join(' ')}
            </Alert>
          )}
        </Stack>
      ))}
      {mayUpload && (
        <>
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            hidden
            onChange={pick}
            data-testid="photo-input"
          />
          <Button
            component="label"
            htmlFor={inputId}
            variant="outlined"
            size="large"
            startIcon={<AddAPhotoRounded />}
            sx={{ alignSelf: 'flex-start', minHeight: 48 }}
          >
            {t('survey.photos.add')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function PhotoThumbnail({ photo, onRemove }: { photo: SurveyPhoto; onRemove?: () => void }) {
  const { t } = useTranslation();
  const file = usePhotoFile(photo.id);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (file.data === undefined || typeof URL.createObjectURL !== 'function') return;
    const objectUrl = URL.createObjectURL(file.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file.data]);
  if (url === null) return <Skeleton variant="rounded" sx={{ aspectRatio: '1', height: 'auto' }} />;
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        component="img"
        src={url}
        alt={t('survey.photos.alt', { id: photo.id })}
        data-testid={`photo-${photo.id}`}
        sx={{
          width: '100%',
          aspectRatio: '1',
          objectFit: 'cover',
          borderRadius: 1,
          display: 'block',
        }}
      />
      {onRemove && (
        <IconButton
          onClick={onRemove}
          aria-label={t('survey.photos.remove', { id: photo.id })}
          size="small"
          sx={{
            position: 'absolute',
            top: 4,
            right: 4,
            bgcolor: 'background.paper',
            '&:hover': { bgcolor: 'background.paper' },
            boxShadow: 1,
          }}
        >
          <DeleteOutlineRounded fontSize="small" />
        </IconButton>
      )}
    </Box>
  );
}
