import WaterDropRounded from '@mui/icons-material/WaterDropRounded';
import Box from '@mui/material/Box';

export type BrandMarkProps = {
  /** Edge length in px. */
  size?: number;
};

/** The Flowsight logo: a water drop on a blue tile. Decorative; the product name sits beside it. */
export function BrandMark({ size = 32 }: BrandMarkProps) {
  return (
    <Box
      aria-hidden
      sx={(theme) => ({
        width: size,
        height: size,
        flexShrink: 0,
        display: 'grid',
        placeItems: 'center',
        borderRadius: `${Math.round(size * 0.28)}px`,
        color: theme.palette.primary.contrastText,
        background: `linear-gradient(135deg, ${theme.palette.primary.light}, ${theme.palette.primary.dark})`,
        boxShadow: `0 ${Math.round(size / 8)}px ${Math.round(size / 3)}px -${Math.round(size / 8)}px ${theme.palette.primary.main}`,
      })}
    >
      <WaterDropRounded sx={{ fontSize: size * 0.6 }} />
    </Box>
  );
}
