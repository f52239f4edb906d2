package results

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"

	"github.com/code2des/backend/decodecost"
	"github.com/code2des/backend/server/artifacts"
)

// jpegQuality is the quality of a JPEG re-encoded after downscaling.
const jpegQuality = 90

// sniffLen is how many leading bytes sniff needs at most (the WebP signature's 12).
const sniffLen = 12

// sniff names the raster format of b by its signature: artifacts.MimePNG, artifacts.MimeJPEG, artifacts.MimeGIF, artifacts.MimeWebP, or ""
// for anything else (which may be SVG text).
func sniff(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return artifacts.MimePNG
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return artifacts.MimeJPEG
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return artifacts.MimeGIF
	case len(b) >= sniffLen && string(b[:4]) == "RIFF" && string(b[8:sniffLen]) == "WEBP":
		return artifacts.MimeWebP
	}
	return ""
}

// figmaSafe is a raster ready for Figma's createImage.
type figmaSafe struct {
	bytes         []byte
	mime          string
	width, height int
	converted     bool
	// fromW and fromH are the source size when the raster was scaled down (0 otherwise).
	fromW, fromH int
}

// convertible refuses, before it is decoded, a raster whose decoder would allocate more than
// MaxConvertBytes (decodeCost, from its headers): decompression bombs, and rasters whose format
// costs more memory a pixel (16-bit PNG, progressive JPEG) at sizes a plain one may have.
// Errors wrap ErrImageTooLarge, or ErrInvalidImage for headers that do not decode.
func convertible(b []byte, mime string, cfg image.Config) error {
	cost, err := decodeCost(b, mime, cfg)
	if err != nil {
		return err
	}
	if cost > MaxConvertBytes {
		return fmt.Errorf("%w: decoding the %dx%d %s would take %d bytes, more than %d", ErrImageTooLarge, cfg.Width, cfg.Height, mime, cost, MaxConvertBytes)
	}
	return nil
}

// decodeCost is what decoding the raster b (sniffed type mime, header cfg) allocates, from the
// one table the API and the conversion worker share (decodecost.Bytes). Errors wrap
// ErrInvalidImage.
func decodeCost(b []byte, mime string, cfg image.Config) (int64, error) {
	cost, err := decodecost.Bytes(b, mime, cfg.Width, cfg.Height)
	if err != nil {
		return 0, fmt.Errorf("%w: %s", ErrInvalidImage, err)
	}
	return cost, nil
}

// rasterCodec is the standard-library or x/image decoder of one raster type.
type rasterCodec struct {
	decodeConfig func(io.Reader) (image.Config, error)
	decode       func(io.Reader) (image.Image, error)
}

// rasterCodecs maps every raster type a result may declare to its decoder (SPEC §7).
var rasterCodecs = map[string]rasterCodec{
	artifacts.MimePNG:  {png.DecodeConfig, png.Decode},
	artifacts.MimeJPEG: {jpeg.DecodeConfig, jpeg.Decode},
	artifacts.MimeGIF:  {gif.DecodeConfig, gif.Decode},
	artifacts.MimeWebP: {webp.DecodeConfig, webp.Decode},
}

// rasterConfigOf reads the encoded size of a raster of the sniffed type mime from r without
// decoding its pixels. Errors wrap ErrInvalidImage.
func rasterConfigOf(r io.Reader, mime string) (image.Config, error) {
	codec, ok := rasterCodecs[mime]
	if !ok {
		return image.Config{}, fmt.Errorf("%w: %s is not a raster type", ErrInvalidImage, mime)
	}
	cfg, err := codec.decodeConfig(r)
	if err != nil {
		return cfg, fmt.Errorf("%w: %s header does not decode: %v", ErrInvalidImage, mime, err)
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return cfg, fmt.Errorf("%w: %s has no pixels", ErrInvalidImage, mime)
	}
	return cfg, nil
}

// decodeRaster decodes the pixels of a raster of type mime. Errors wrap ErrInvalidImage.
func decodeRaster(b []byte, mime string) (image.Image, error) {
	codec, ok := rasterCodecs[mime]
	if !ok {
		return nil, fmt.Errorf("%w: %s is not a raster type", ErrInvalidImage, mime)
	}
	img, err := codec.decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%w: %s does not decode: %v", ErrInvalidImage, mime, err)
	}
	return img, nil
}

// needsConversion reports whether a raster of type mime and size cfg must be re-encoded to be
// Figma-safe.
func needsConversion(mime string, cfg image.Config) bool {
	return mime == artifacts.MimeWebP || cfg.Width > MaxImageSide || cfg.Height > MaxImageSide
}

// convert decodes a raster whose header said cfg and re-encodes it Figma-safe: WebP becomes PNG,
// anything larger than MaxImageSide a side is scaled down to fit (keeping its aspect ratio; a GIF
// becomes a PNG of its first frame, a JPEG stays JPEG). The caller checked b against
// MaxConvertBytes (convertible). Errors wrap ErrInvalidImage.
func convert(b []byte, mime string, cfg image.Config) (*figmaSafe, error) {
	img, err := decodeRaster(b, mime)
	if err != nil {
		return nil, err
	}
	out := &figmaSafe{mime: artifacts.MimePNG, converted: mime == artifacts.MimeWebP || mime == artifacts.MimeGIF}
	if mime == artifacts.MimeJPEG {
		out.mime = artifacts.MimeJPEG
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	if w > MaxImageSide || h > MaxImageSide {
		nw, nh := fitInside(w, h, MaxImageSide)
		// *image.RGBA is the destination x/image/draw specializes (and both encoders read
		// without conversion): into *image.NRGBA every pixel went through color.NRGBAModel,
		// boxing each colour (~200 MiB of garbage for a 4096x4096 result).
		dst := image.NewRGBA(image.Rect(0, 0, nw, nh))
		// ApproxBiLinear reads the source directly. The kernel scalers (CatmullRom, BiLinear)
		// first build a float64 buffer of output width x source height (512 MiB for an
		// 8192x4096 source), several times the decoded pixels; the result only has to stand in
		// for an image larger than Figma takes, so memory wins over filter quality.
		draw.ApproxBiLinear.Scale(dst, dst.Bounds(), img, img.Bounds(), draw.Src, nil)
		out.fromW, out.fromH = w, h
		img, w, h = dst, nw, nh
	}
	out.width, out.height = w, h
	var buf bytes.Buffer
	if out.mime == artifacts.MimeJPEG {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.DefaultCompression}).Encode(&buf, img)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: re-encode %s: %v", ErrInvalidImage, out.mime, err)
	}
	out.bytes = buf.Bytes()
	return out, nil
}

// fitInside scales w x h down to fit a max x max square, keeping the aspect ratio and at least
// 1 px a side.
func fitInside(w, h, max int) (int, int) {
	if w <= max && h <= max {
		return w, h
	}
	if w >= h {
		return max, max1(int((int64(h)*int64(max) + int64(w)/2) / int64(w)))
	}
	return max1(int((int64(w)*int64(max) + int64(h)/2) / int64(h))), max
}

func max1(n int) int {
	if n < 1 {
		return 1
	}
	return n
}
