// Reads a micrometer's label with the camera where the browser has the Barcode Detection API
// (Chrome on Android, among others). Callers show the scan button only when
// `barcodeScanSupported()`; everywhere else the MAC is typed. The dialog streams the rear camera,
// looks for a code a few times a second and hands over the first MAC it can read.
import CloseRounded from '@mui/icons-material/CloseRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { macFromBarcode } from '@/lib/barcode-mac';

type DetectedBarcode = { rawValue: string };
type BarcodeDetectorInstance = { detect(source: HTMLVideoElement): Promise<DetectedBarcode[]> };
type BarcodeDetectorConstructor = new () => BarcodeDetectorInstance;

function detectorConstructor(): BarcodeDetectorConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** True when this browser can read barcodes from the camera. */
export function barcodeScanSupported(): boolean {
  return (
    detectorConstructor() !== undefined &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

const SCAN_EVERY_MS = 250;

export type BarcodeScanLabels = {
  title: string;
  hint: string;
  cameraFailed: string;
  /** Shown with the code's text when a code holds no MAC. */
  notAMac: (raw: string) => string;
  cancel: string;
};

export type BarcodeScanDialogProps = {
  open: boolean;
  labels: BarcodeScanLabels;
  onDetected: (mac: string) => void;
  onClose: () => void;
};

export function BarcodeScanDialog({ open, labels, onDetected, onClose }: BarcodeScanDialogProps) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [failed, setFailed] = useState(false);
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const detected = useRef(onDetected);
  detected.current = onDetected;

  useEffect(() => {
    if (!open) return;
    const Detector = detectorConstructor();
    if (Detector === undefined) return;
    let stream: MediaStream | undefined;
    let timer: number | undefined;
    let stopped = false;
    setFailed(false);
    setUnreadable(null);
    const detector = new Detector();

    const scan = async () => {
      const video = videoRef.current;
      if (stopped || !video) return;
      if (video.readyState >= 2) {
        try {
          for (const code of await detector.detect(video)) {
            const mac = macFromBarcode(code.rawValue);
            if (mac !== null) {
              stopped = true;
              detected.current(mac);
              return;
            }
            setUnreadable(code.rawValue);
          }
        } catch {
          // A frame that cannot be read (camera still starting): try the next one.
        }
      }
      if (!stopped) timer = window.setTimeout(scan, SCAN_EVERY_MS);
    };

    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped) {
          for (const track of media.getTracks()) track.stop();
          return;
        }
        const video = videoRef.current;
        if (video) {
          video.srcObject = media;
          await video.play().catch(() => undefined);
        }
        void scan();
      })
      .catch(() => setFailed(true));

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [open]);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="barcode-scan-dialog">
      <DialogTitle sx={{ pr: 6 }}>
        {labels.title}
        <IconButton
          aria-label={labels.cancel}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseRounded />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {failed ? (
          <Alert severity="error">{labels.cameraFailed}</Alert>
        ) : (
          <>
            <Box
              component="video"
              ref={videoRef}
              muted
              playsInline
              sx={{
                width: '100%',
                aspectRatio: '4 / 3',
                objectFit: 'cover',
                borderRadius: 2,
                bgcolor: 'common.black',
                display: 'block',
              }}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1.5 }}>
              {labels.hint}
            </Typography>
            {unreadable !== null && (
              <Alert severity="warning" sx={{ mt: 1.5, overflowWrap: 'anywhere' }}>
                {labels.notAMac(unreadable)}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} size="large">
          {labels.cancel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
