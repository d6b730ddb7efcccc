/** The widths at which the blog's pictures switch to their larger sources (<picture> media). */
export const XL = "(min-width: 1280px)";
export const MD = "(min-width: 768px)";
