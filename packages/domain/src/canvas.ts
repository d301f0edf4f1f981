/** SPEC §9 "Canvas export quality": the quality a canvas is exported at as a JPEG (0 to 1). */
export const canvasExportQuality = 0.92;
