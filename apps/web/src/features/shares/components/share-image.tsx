import type { Share } from '@sb/contract';
import { canvasExportQuality } from '@sb/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLegNaming } from '../../../lib/bet-naming/use-leg-naming';
import { type CardLine, type CardLineKind, shareCardLines } from '../model/share-card';

/** The card's width in CSS pixels; drawn at twice that so it stays sharp on phones. */
const cardWidth = 720;
const pixelRatio = 2;
const padding = 36;

const looks: Record<CardLineKind, { size: number; weight: number; color: string; gap: number }> = {
  title: { size: 30, weight: 700, color: '#0f172a', gap: 14 },
  tipster: { size: 22, weight: 600, color: '#334155', gap: 20 },
  match: { size: 22, weight: 700, color: '#0f172a', gap: 6 },
  selection: { size: 20, weight: 400, color: '#475569', gap: 16 },
  fact: { size: 21, weight: 400, color: '#475569', gap: 10 },
  result: { size: 26, weight: 700, color: '#047857', gap: 22 },
  code: { size: 20, weight: 700, color: '#0f172a', gap: 6 },
  link: { size: 16, weight: 400, color: '#64748b', gap: 0 },
};

/** Text cut to `width` with an ellipsis: a long team name never runs off the card. */
function fitted(context: CanvasRenderingContext2D, text: string, width: number): string {
  if (context.measureText(text).width <= width) return text;
  const characters = [...text];
  while (characters.length > 1 && context.measureText(`${characters.join('')}…`).width > width)
    characters.pop();
  return `${characters.join('')}…`;
}

/** Draws the lines on a new canvas: a white card, the lines one under the other. */
function drawCard(lines: CardLine[], fontFamily: string): HTMLCanvasElement {
  const height =
    padding * 2 +
    lines.reduce((sum, line) => sum + looks[line.kind].size * 1.3 + looks[line.kind].gap, 0);
  const canvas = document.createElement('canvas');
  canvas.width = cardWidth * pixelRatio;
  canvas.height = Math.ceil(height) * pixelRatio;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.scale(pixelRatio, pixelRatio);
  // A JPEG has no transparency: the card's ground is painted first.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, cardWidth, height);
  context.fillStyle = '#0ea5e9';
  context.fillRect(0, 0, cardWidth, 8);
  const inner = cardWidth - padding * 2;
  let y = padding;
  context.textBaseline = 'top';
  for (const line of lines) {
    const look = looks[line.kind];
    context.font = `${look.weight} ${look.size}px ${fontFamily}`;
    context.fillStyle = look.color;
    if (line.value !== undefined) {
      context.font = `700 ${look.size}px ${fontFamily}`;
      const valueWidth = context.measureText(line.value).width;
      context.textAlign = 'right';
      context.fillStyle = '#0f172a';
      context.fillText(line.value, cardWidth - padding, y);
      context.textAlign = 'left';
      context.font = `${look.weight} ${look.size}px ${fontFamily}`;
      context.fillStyle = look.color;
      context.fillText(fitted(context, line.text, inner - valueWidth - 16), padding, y);
    } else {
      context.fillText(fitted(context, line.text, inner), padding, y);
    }
    y += look.size * 1.3 + look.gap;
  }
  return canvas;
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the card could not be exported'))),
      'image/jpeg',
      canvasExportQuality,
    ),
  );
}

/** Hands the browser a file to save, as a link with `download` does. */
function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Save as image: the share's card drawn on a canvas in the page's language (only what the
 * share's document holds, so only what its privacy shows), exported as a JPEG at SPEC §9's
 * quality and downloaded as `share-<code>.jpg`.
 */
export function SaveShareImage({ share }: { share: Share }) {
  const { t } = useTranslation();
  const naming = useLegNaming();
  const [isFailed, setIsFailed] = useState(false);

  async function save() {
    setIsFailed(false);
    try {
      const lines = shareCardLines(share, { t, ...naming }, window.location.origin);
      const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
      download(await toJpeg(drawCard(lines, fontFamily)), `share-${share.code}.jpg`);
    } catch {
      setIsFailed(true);
    }
  }

  return (
    <div className="share-image">
      <button
        type="button"
        className="button button--secondary"
        onClick={save}
        data-testid="share-save-image"
      >
        {t('sharePage.saveImage')}
      </button>
      {isFailed ? <p className="field__error">{t('sharePage.saveImageFailed')}</p> : null}
    </div>
  );
}
