import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import 'react-easy-crop/react-easy-crop.css';
import { useTranslation } from 'react-i18next';
import './avatar-cropper.css';

type AvatarCropperProps = {
  image: string;
  shape: 'round' | 'rect';
  onAreaChange: (area: Area) => void;
};

/** A square (aspect 1) cropper with a zoom slider; reports the crop in source pixels. */
export function AvatarCropper({ image, shape, onAreaChange }: AvatarCropperProps) {
  const { t } = useTranslation();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <div className="avatar-cropper">
      <div className="avatar-cropper__stage">
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape={shape}
          showGrid={false}
          disableAutomaticStylesInjection
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_area, pixels) => onAreaChange(pixels)}
          cropperProps={{ 'aria-label': t('cropper.area') }}
        />
      </div>
      <label className="avatar-cropper__zoom">
        <span>{t('cropper.zoom')}</span>
        <input type="range" min={1} max={3} step={0.05} value={zoom} onChange={(event) => setZoom(Number(event.target.value))} />
      </label>
    </div>
  );
}
