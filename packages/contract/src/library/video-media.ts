/**
 * Where a video's media is served (HTTP range requests, spec §7 playback): the film, its poster,
 * and a catalogue item's photos by index. These are the `video_url`, `thumbnail_url` and
 * `frame_urls` of VideoSchema; only the clinic's staff and patients whose program holds the
 * video may fetch them. `figure` is the figure of a video with a `movement`, drawn on the
 * server as an SVG image (FIGURE_FRAMES), so a list or a printed page shows it without the
 * drawing code the looping figure needs.
 */
export const VIDEO_MEDIA_PATHS = {
  file: '/video/:id/file',
  poster: '/video/:id/poster',
  frame: '/video/:id/frames/:index',
  figure: '/video/:id/figure/:frame',
} as const;

/** The figure images: the start position alone, or the start and end side by side (print). */
export const FIGURE_FRAMES = ['start', 'start-end'] as const;
export type FigureFrame = (typeof FIGURE_FRAMES)[number];

export const videoFileUrl = (id: number) => `/video/${id}/file`;
export const videoPosterUrl = (id: number) => `/video/${id}/poster`;
export const videoFrameUrl = (id: number, index: number) => `/video/${id}/frames/${index}`;
export const videoFigureUrl = (id: number, frame: FigureFrame) => `/video/${id}/figure/${frame}`;
