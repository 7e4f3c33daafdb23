/**
 * Phone cameras take 3–12 MB photos; on a venue's weak connection that is minutes of upload for
 * a team photo nobody views larger than a phone screen. Photos are scaled down to a JPEG before
 * they are kept and sent. When the browser cannot decode the file (or has no canvas), the
 * original goes as it is and the server decides.
 */
export const TEAM_PHOTO_MAX_SIDE = 1024;
export const CHALLENGE_PHOTO_MAX_SIDE = 1600;
const JPEG_QUALITY = 0.85;

export async function shrinkPhoto(file: Blob, maxSide: number): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || !file.type.startsWith('image/')) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
    );
    // Keep the original when it was already smaller (a small PNG, say) and the server takes it.
    const originalAccepted = file.type === 'image/jpeg' || file.type === 'image/png';
    if (!blob || (originalAccepted && blob.size >= file.size)) return file;
    return blob;
  } catch {
    return file;
  }
}
