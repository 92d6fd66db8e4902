#include <opus/opusenc.h>

/* ope_encoder_ctl is variadic, which Swift cannot call: the one request the encoder needs. */
static inline int render_ope_set_serialno(OggOpusEnc *enc, opus_int32 serialno) {
  return ope_encoder_ctl(enc, OPE_SET_SERIALNO(serialno));
}
