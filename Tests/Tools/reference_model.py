#!/usr/bin/env python3
"""An independent reference model of the haptic bus that `render` writes.

    python3 reference_model.py PATTERN.ahap RATE OUT.f32

Reads an AHAP file, renders its mono haptic bus as /work/shared/SPEC.md (revision 4) describes it
for the `preview` profile, and writes it as raw little-endian float32 samples (computed in double).
Nothing is printed on success.

This model is written from SPEC.md alone, not from the renderer's sources, so that the tests that
compare the two find where either one leaves the contract. It covers haptic events only
(`HapticTransient`, `HapticContinuous`) and every haptic event parameter and dynamic parameter;
a pattern with audio events is refused with exit status 3. There is no limiter (SPEC §4): the
caller picks patterns whose mix stays within full scale. There is no tail (SPEC §5, `--tail`).

Standard library only (no numpy): json, math, struct, sys, bisect.
Section numbers below (§n) are those of SPEC.md.
"""

import bisect
import json
import math
import struct
import sys

# ---------------------------------------------------------------------------------------------
# §3 Signal model, profile `preview`
# ---------------------------------------------------------------------------------------------

CONTINUOUS_CAP_SECONDS = 30.0  # §1: a HapticContinuous event longer than 30 s is rendered as 30 s
TRANSIENT_CYCLES = 2  # §3: a transient is two cycles of its carrier
STEP_RAMP_SECONDS = 0.005  # §2: every step becomes a 5 ms ramp
SILENCE_THRESHOLD = 1e-6  # §3 carrier phase: a reference voice's A(I)·env must be above 1e-6
# An envelope segment summed frame by frame reaches its goal when within this of it: SPEC's rates
# are exact, so an attack of 160 frames reaches 1 at its 160th frame, although a floating-point
# sum of 160 × 1/160 is 0.9999999999999974.
PROGRESS_TOLERANCE = 1e-9


def carrier_frequency(sharpness):
    """§3 Carrier frequency: f(s) = 65 + 235·s Hz."""
    return 65.0 + 235.0 * sharpness


def amplitude(intensity):
    """§3 Amplitude law: A(I) = I²."""
    return intensity * intensity


def envelope_time(value):
    """§3 Envelope times: T(v) = 0.020 s · 2^(8v)."""
    return 0.020 * 2.0 ** (8.0 * value)


def clamp(x, low, high):
    return min(max(x, low), high)


def clamp01(x):
    """Notation: clamp01(x) = min(max(x, 0), 1)."""
    return clamp(x, 0.0, 1.0)


def round_half_away(x):
    """`round` of SPEC: to nearest, halves away from zero (Python's round() is banker's)."""
    return int(math.floor(x + 0.5)) if x >= 0 else -int(math.floor(-x + 0.5))


def onset_frame(t0, fs):
    """§3 Onset: every event starts at sample round(t0 · fs)."""
    return round_half_away(t0 * fs)


# ---------------------------------------------------------------------------------------------
# §1 Input: AHAP
# ---------------------------------------------------------------------------------------------

# Event parameters: (range, default) — §1 table.
EVENT_PARAMETERS = {
    "HapticIntensity": (0.0, 1.0, 1.0),
    "HapticSharpness": (0.0, 1.0, 0.5),
    "AttackTime": (0.0, 1.0, 0.0),
    "DecayTime": (0.0, 1.0, 0.0),
    "ReleaseTime": (0.0, 1.0, 0.0),
    "Sustained": (0.0, 1.0, 1.0),
}

# Dynamic parameters: (range, neutral) — §1. Intensity multiplies, the others add.
DYNAMIC_PARAMETERS = {
    "HapticIntensityControl": (0.0, 1.0, 1.0),
    "HapticSharpnessControl": (-1.0, 1.0, 0.0),
    "HapticAttackTimeControl": (-1.0, 1.0, 0.0),
    "HapticDecayTimeControl": (-1.0, 1.0, 0.0),
    "HapticReleaseTimeControl": (-1.0, 1.0, 0.0),
    "AudioVolumeControl": (0.0, 1.0, 1.0),
    "AudioPanControl": (-1.0, 1.0, 0.0),
    "AudioPitchControl": (-1.0, 1.0, 0.0),
    "AudioBrightnessControl": (-1.0, 1.0, 0.0),
    "AudioAttackTimeControl": (-1.0, 1.0, 0.0),
    "AudioDecayTimeControl": (-1.0, 1.0, 0.0),
    "AudioReleaseTimeControl": (-1.0, 1.0, 0.0),
}

AUDIO_EVENT_TYPES = ("AudioContinuous", "AudioCustom")


class Refusal(Exception):
    """Input this model does not render (audio events); exit status 3."""


def strip_trailing_commas(text):
    """§1 Loading rules: trailing commas are a warning, not an error, so drop them before
    parsing (outside strings only)."""
    out = []
    in_string = False
    escaped = False
    i = 0
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
            out.append(c)
        elif c == ",":
            j = i + 1
            while j < len(text) and text[j] in " \t\r\n":
                j += 1
            if j < len(text) and text[j] in "]}":
                pass  # a trailing comma
            else:
                out.append(c)
        else:
            out.append(c)
        i += 1
    return "".join(out)


def read_json(path):
    """§1: the file is JSON (UTF-8 with or without a byte-order mark; UTF-16/32 by their mark)."""
    with open(path, "rb") as handle:
        data = handle.read()
    for mark, codec in (
        (b"\xef\xbb\xbf", "utf-8-sig"),
        (b"\xff\xfe\x00\x00", "utf-32"),
        (b"\x00\x00\xfe\xff", "utf-32"),
        (b"\xff\xfe", "utf-16"),
        (b"\xfe\xff", "utf-16"),
    ):
        if data.startswith(mark):
            text = data.decode(codec)
            break
    else:
        text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    return json.loads(strip_trailing_commas(text))


def member(obj, *names):
    """The value of the first of `names` present in `obj`; JSON null counts as absent (§1).
    The aliases `Type`, `Parameters`, `Duration` are read as the documented keys (§1)."""
    if not isinstance(obj, dict):
        return None
    for name in names:
        if name in obj and obj[name] is not None:
            return obj[name]
    return None


def number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


class Event:
    """One haptic event with its parameters filled in and clamped (§1)."""

    def __init__(self, index, kind, time, duration, parameters):
        self.index = index  # file order, for ties
        self.kind = kind
        self.time = time
        self.duration = duration  # None when absent
        self.parameters = parameters


class ControlElement:
    """A `Parameter` (one point) or a `ParameterCurve` (§1, §2)."""

    def __init__(self, index, identifier, time, points):
        self.index = index
        self.identifier = identifier
        self.time = time
        self.points = points  # absolute (time, value), in order


def read_event(index, body):
    """§1 Event: Time, EventType (alias Type), EventDuration (alias Duration), EventParameters
    (alias Parameters); missing parameters take their defaults, out-of-range ones are clamped."""
    kind = member(body, "EventType", "Type")
    if kind in AUDIO_EVENT_TYPES:
        raise Refusal("audio events are not modelled: %s" % kind)
    time = max(number(member(body, "Time")) or 0.0, 0.0)
    duration = number(member(body, "EventDuration", "Duration"))
    if duration is not None:
        duration = max(duration, 0.0)
    parameters = {name: spec[2] for name, spec in EVENT_PARAMETERS.items()}
    for entry in member(body, "EventParameters", "Parameters") or []:
        name = member(entry, "ParameterID")
        value = number(member(entry, "ParameterValue"))
        if name in EVENT_PARAMETERS and value is not None:
            low, high, _ = EVENT_PARAMETERS[name]
            parameters[name] = clamp(value, low, high)
        # audio parameters on a haptic event are ignored (§1)
    return Event(index, kind, time, duration, parameters)


def read_control(index, kind, body):
    """§1 Parameter (a step to its value at its Time) and ParameterCurve (point times relative
    to the curve's Time [Apple]); values are clamped to the control's range."""
    identifier = member(body, "ParameterID")
    if identifier not in DYNAMIC_PARAMETERS:
        return None
    low, high, _ = DYNAMIC_PARAMETERS[identifier]
    time = max(number(member(body, "Time")) or 0.0, 0.0)
    if kind == "Parameter":
        value = number(member(body, "ParameterValue"))
        if value is None:
            return None
        return ControlElement(index, identifier, time, [(time, clamp(value, low, high))])
    points = []
    for point in member(body, "ParameterCurveControlPoints") or []:
        value = number(member(point, "ParameterValue"))
        offset = number(member(point, "Time")) or 0.0
        if value is not None:
            points.append((time + offset, clamp(value, low, high)))
    points.sort(key=lambda p: p[0])  # stable: points at one time keep their order
    return ControlElement(index, identifier, time, points)


def load_pattern(path):
    """§1: the Pattern array, each element holding one of Event, Parameter, ParameterCurve.
    Unknown element kinds and keys are ignored; entries need not be sorted."""
    document = read_json(path)
    events = []
    controls = []
    for index, element in enumerate(document.get("Pattern") or []):
        if not isinstance(element, dict):
            continue
        if member(element, "Event") is not None:
            events.append(read_event(index, element["Event"]))
        elif member(element, "Parameter") is not None:
            control = read_control(index, "Parameter", element["Parameter"])
            if control is not None:
                controls.append(control)
        elif member(element, "ParameterCurve") is not None:
            control = read_control(index, "ParameterCurve", element["ParameterCurve"])
            if control is not None and control.points:
                controls.append(control)
    return events, controls


# ---------------------------------------------------------------------------------------------
# §2 Timeline of dynamic parameters
# ---------------------------------------------------------------------------------------------


class PiecewiseLinear:
    """Points (t, v) in time order; linear between them, the first value before them and the last
    value after them. Several points at one time: the value at that time is the last one."""

    def __init__(self, points, neutral):
        self.times = [p[0] for p in points]
        self.values = [p[1] for p in points]
        self.neutral = neutral

    def __call__(self, t):
        times, values = self.times, self.values
        if not times:
            return self.neutral
        i = bisect.bisect_right(times, t)  # points at or before t: [0, i)
        if i == 0:
            return values[0]
        if i == len(times):
            return values[-1]
        t0, v0, t1, v1 = times[i - 1], values[i - 1], times[i], values[i]
        return v0 + (v1 - v0) * (t - t0) / (t1 - t0)


def element_order(elements):
    """§2: elements apply in order of their Time; ties by the absolute time of their first point,
    then file order."""
    return sorted(elements, key=lambda e: (e.time, e.points[0][0], e.index))


def take_over(points, element, neutral):
    """§2: an element takes over at tk = the later of its own Time and the last point of the
    function built so far at or before the element's first point; the function is kept up to tk,
    its later points dropped. Returns the kept points, ending with a point at tk."""
    first = element.points[0][0]
    before = [t for t, _ in points if t <= first]
    tk = max([element.time] + before[-1:])
    value_at_tk = PiecewiseLinear(points, neutral)(tk)
    kept = [p for p in points if p[0] <= tk]
    if not kept or kept[-1][0] < tk:
        kept.append((tk, value_at_tk))
    return kept


def build_stepped_function(elements, neutral):
    """§2: the function built from the Parameters and curves of one ID, with its steps (two
    points at one time). A Parameter steps to its value at its Time; a curve ramps linearly from
    the value at tk to its first point, interpolates between its points and holds its last value."""
    points = []
    for element in element_order(elements):
        points = take_over(points, element, neutral)
        points.extend(element.points)
    return points


def group_by_time(points):
    groups = []
    for t, v in points:
        if groups and groups[-1][0] == t:
            groups[-1][1].append(v)
        else:
            groups.append((t, [v]))
    return groups


def stepped_function(points, neutral):
    """§2: the stepped function; at a step's time its value is the later value ("a Parameter
    written at a transient's own time sets that transient"). Of several points at one time the
    first and the last count."""
    kept = []
    for t, values in group_by_time(points):
        kept.append((t, values[0]))
        if len(values) > 1:
            kept.append((t, values[-1]))
    return PiecewiseLinear(kept, neutral)


def ramped_function(points, neutral):
    """§2: every step becomes a 5 ms ramp. Where two points lie at one time ts > 0 with different
    values, the later moves to ts + 5 ms and takes the stepped function's value there; if the
    stepped function has another point before ts + 5 ms (or at it, as docs/signal-model.md §2.1
    words it), the later point is dropped and the function runs straight to that point. A step at
    ts = 0 takes its new value from the start."""
    stepped = stepped_function(points, neutral)
    groups = group_by_time(points)
    ramped = []
    for i, (ts, values) in enumerate(groups):
        first, last = values[0], values[-1]
        if first == last:
            ramped.append((ts, first))
        elif ts <= 0:
            ramped.append((ts, last))
        else:
            ramped.append((ts, first))
            end = ts + STEP_RAMP_SECONDS
            next_time = groups[i + 1][0] if i + 1 < len(groups) else None
            if next_time is None or next_time > end:
                ramped.append((end, stepped(end)))
            # else: the later point is dropped, the function runs straight to the next point
    return PiecewiseLinear(ramped, neutral)


class Timeline:
    """One dynamic ID's function D(t): `ramped` shapes continuous voices, `stepped` is what a
    transient samples at its onset (§2)."""

    def __init__(self, identifier, elements):
        neutral = DYNAMIC_PARAMETERS[identifier][2]
        points = build_stepped_function(elements, neutral)
        self.stepped = stepped_function(points, neutral)
        self.ramped = ramped_function(points, neutral)


def build_timelines(controls):
    timelines = {}
    for identifier in DYNAMIC_PARAMETERS:
        timelines[identifier] = Timeline(identifier, [c for c in controls if c.identifier == identifier])
    return timelines


# ---------------------------------------------------------------------------------------------
# §2 Effective values
# ---------------------------------------------------------------------------------------------


def effective_intensity(event, control_value):
    """§2: I(t) = clamp01(I_event · D_I(t))."""
    return clamp01(event.parameters["HapticIntensity"] * control_value)


def effective_sharpness(event, control_value):
    """§2: S(t) = clamp01(S_event + D_S(t)) (continuous haptic events only)."""
    return clamp01(event.parameters["HapticSharpness"] + control_value)


def effective_time_value(event, name, control_value):
    """§2: the envelope reads v(t) = clamp01(v_event + D_v(t)) at every frame."""
    return clamp01(event.parameters[name] + control_value)


def is_sustained(event):
    """§3: only a Sustained value of exactly 0 means not sustained."""
    return event.parameters["Sustained"] != 0


# ---------------------------------------------------------------------------------------------
# §3 Voices
# ---------------------------------------------------------------------------------------------


class Voice:
    """One event's contribution from its onset frame: level[k] = A(I)·env (or A(I)·w for a
    transient) and phase[k] in cycles, at frame n0 + k."""

    def __init__(self, event, n0):
        self.event = event
        self.n0 = n0
        self.level = []
        self.phase = []
        self.sound_end = n0  # first frame after the sound (release tail included)

    def level_at(self, n):
        k = n - self.n0
        return self.level[k] if 0 <= k < len(self.level) else 0.0


def continuous_duration(event):
    """§1/§3: D, capped at 30 s for HapticContinuous; None without an EventDuration."""
    if event.duration is None:
        return None
    return min(event.duration, CONTINUOUS_CAP_SECONDS)


def continuous_envelope(event, n0, fs, timelines):
    """§3 HapticContinuous envelope, frame by frame from k = 0 (env = 0 at the onset frame). The
    level moves by rates read at every frame (the move from frame k to k+1 uses the values in
    force at frame k, as the carrier's phase does) from the attack, decay and release values:
    - attack: rises by 1/(fs·T(attack)) per frame until it reaches 1 (or until kD);
    - Sustained = 1: holds 1 until kD, then, from the level e_D reached at kD, falls by
      e_D/(fs·T(release)) per frame to 0;
    - Sustained = 0: falls by 1/(fs·T(decay)) per frame; ends when it reaches 0 or at kD; still
      sounding at kD it holds the level reached at kD and fades out over a quarter period of its
      carrier, q = 1/(4·f(S(t0 + kD/fs))), times cos²((π/2)·(n − kD)/(q·fs)); no release.
    Returns the list of env values; the sound ends after its last entry."""
    attack_control = timelines["HapticAttackTimeControl"].ramped
    decay_control = timelines["HapticDecayTimeControl"].ramped
    release_control = timelines["HapticReleaseTimeControl"].ramped
    sustained = is_sustained(event)
    duration = continuous_duration(event)
    if duration == 0.0 and not sustained:
        # An EventDuration of 0 is none (Apple's header: "If unset (0.0), Continuous event types
        # will have no fixed end"; docs/signal-model.md §8): the event ends when its decay does.
        duration = None
    kD = round_half_away(duration * fs) if duration is not None else None
    if kD is None and sustained:
        raise ValueError("a sustained HapticContinuous event needs an EventDuration (SPEC §1)")

    env = []
    stage = "attack"
    level = 0.0  # attack/decay level; release progress below
    release_progress = 0.0
    e_D = 0.0
    fade_frames = 0.0
    k = 0
    while True:
        n = n0 + k
        t = n / fs
        if kD is not None and k == kD and stage in ("attack", "hold", "decay"):
            e_D = level
            if sustained:
                stage = "release"
            else:
                stage = "fade"
                s = effective_sharpness(event, timelines["HapticSharpnessControl"].ramped(event.time + kD / fs))
                fade_frames = fs / (4.0 * carrier_frequency(s))  # q·fs
        # the value at frame k
        if stage == "fade":
            x = k - kD
            if x >= fade_frames or e_D <= 0.0:
                break
            value = e_D * math.cos(0.5 * math.pi * x / fade_frames) ** 2
        elif stage == "release":
            if release_progress >= 1.0 - PROGRESS_TOLERANCE or e_D <= 0.0:
                break
            value = e_D * (1.0 - release_progress)
        elif stage == "decay" and level <= 0.0:
            break
        else:
            value = level
        env.append(value)
        # the move to frame k + 1, by the rates in force at frame k
        if stage == "attack":
            attack = effective_time_value(event, "AttackTime", attack_control(t))
            level += 1.0 / (fs * envelope_time(attack))
            if level >= 1.0 - PROGRESS_TOLERANCE:
                level = 1.0
                stage = "hold" if sustained else "decay"
        elif stage == "decay":
            decay = effective_time_value(event, "DecayTime", decay_control(t))
            level -= 1.0 / (fs * envelope_time(decay))
            if level <= PROGRESS_TOLERANCE:
                level = 0.0
        elif stage == "release":
            release = effective_time_value(event, "ReleaseTime", release_control(t))
            release_progress += 1.0 / (fs * envelope_time(release))
        k += 1
    return env


def pattern_clock_phase(frequency_at_frame, n0, fs):
    """§3 Carrier phase, pattern clock: φ(n0) = Σ_{k=0}^{n0−1} f(k/fs)/fs cycles."""
    phase = 0.0
    for k in range(n0):
        phase += frequency_at_frame(k) / fs
    return phase


def strongest_continuous_voice(voices, n0):
    """§3 Carrier phase: the continuous haptic voice sounding at n0 whose A(I)·env at n0 is
    largest and above 1e-6 (a voice starting at n0 has env = 0 and does not count); ties: the
    earlier onset, then file order."""
    best = None
    for voice in voices:
        if voice.event.kind != "HapticContinuous" or voice.n0 >= n0:
            continue
        level = voice.level_at(n0)
        if level <= SILENCE_THRESHOLD:
            continue
        if best is None or level > best.level_at(n0):
            best = voice  # voices come in onset order, then file order: the first keeps ties
    return best


def onset_phase(voices, n0, frequency_at_frame, fs):
    """§3: a haptic voice starts in phase with the strongest continuous haptic voice sounding at
    n0, else on the pattern clock."""
    reference = strongest_continuous_voice(voices, n0)
    if reference is not None:
        return reference.phase[n0 - reference.n0]
    return pattern_clock_phase(frequency_at_frame, n0, fs)


def render_continuous(event, fs, timelines, voices):
    """§3 HapticContinuous: A(I(t)) · env · sin(2π·φ), φ advancing at frame n by f(S(n/fs))/fs."""
    n0 = onset_frame(event.time, fs)
    voice = Voice(event, n0)
    intensity_control = timelines["HapticIntensityControl"].ramped
    sharpness_control = timelines["HapticSharpnessControl"].ramped

    def frequency_at_frame(n):
        return carrier_frequency(effective_sharpness(event, sharpness_control(n / fs)))

    env = continuous_envelope(event, n0, fs, timelines)
    phase = onset_phase(voices, n0, frequency_at_frame, fs)
    for k, e in enumerate(env):
        n = n0 + k
        voice.level.append(amplitude(effective_intensity(event, intensity_control(n / fs))) * e)
        voice.phase.append(phase)
        phase += frequency_at_frame(n) / fs
    voice.sound_end = n0 + len(env)
    return voice


def transient_window(k, fs, f, frames, fade_out):
    """§3 HapticTransient window w at τ = k/fs: sin²(2πfτ) for τ < q; with fade-out F (= q
    without a decay control) from τs = L/fs − q: sin²(2πf(L/fs − τ)) for τ > L/fs − q, or
    cos²((π/2)·(τ − τs)/F) with the decay control; 1 between."""
    tau = k / fs
    q = 1.0 / (4.0 * f)
    two_cycles = frames / fs  # L/fs
    if fade_out is None:
        if tau < q:
            return math.sin(2.0 * math.pi * f * tau) ** 2
        if tau > two_cycles - q:
            return math.sin(2.0 * math.pi * f * (two_cycles - tau)) ** 2
        return 1.0
    tau_s = two_cycles - q
    if tau > tau_s:
        return math.cos(0.5 * math.pi * (tau - tau_s) / fade_out) ** 2
    if tau < q:
        return math.sin(2.0 * math.pi * f * tau) ** 2
    return 1.0


def render_transient(event, fs, timelines, voices):
    """§3 HapticTransient: L = round(2·fs/f) frames of A(I(t0)) · w · sin(2π·φ(n)), f = f(S_event)
    (the sharpness control does not act on transients, §2). I(t0) and the decay control d are
    sampled from the stepped functions at the onset t0 (§2); with d > 0 the fade-out lasts
    F = q·2^(8d) and the transient has L' = L + round((F − q)·fs) frames."""
    n0 = onset_frame(event.time, fs)
    voice = Voice(event, n0)
    f = carrier_frequency(event.parameters["HapticSharpness"])
    frames = round_half_away(TRANSIENT_CYCLES * fs / f)
    intensity = effective_intensity(event, timelines["HapticIntensityControl"].stepped(event.time))
    decay = timelines["HapticDecayTimeControl"].stepped(event.time)
    fade_out = None
    total = frames
    if decay > 0:
        q = 1.0 / (4.0 * f)
        fade_out = q * 2.0 ** (8.0 * decay)
        total = frames + round_half_away((fade_out - q) * fs)
    phase = onset_phase(voices, n0, lambda n: f, fs)
    a = amplitude(intensity)
    for k in range(total):
        voice.level.append(a * transient_window(k, fs, f, frames, fade_out))
        voice.phase.append(phase)
        phase += f / fs
    voice.sound_end = n0 + total
    return voice


# ---------------------------------------------------------------------------------------------
# §4 Mixing (haptic bus) and §5 Length
# ---------------------------------------------------------------------------------------------


def render_voices(events, timelines, fs):
    """Voices in onset order (ties: file order), so that each finds the continuous voices that
    sound before it (§3 carrier phase)."""
    voices = []
    for event in sorted(events, key=lambda e: (onset_frame(e.time, fs), e.index)):
        if event.kind == "HapticContinuous":
            voices.append(render_continuous(event, fs, timelines, voices))
        elif event.kind == "HapticTransient":
            voices.append(render_transient(event, fs, timelines, voices))
    return voices


def pattern_length(events, controls, voices, fs):
    """§5 Length: from 0 to the latest of the end of every sound (release tails included), every
    event's Time + EventDuration (a continuous event's full EventDuration even beyond 30 s),
    every Parameter's Time and every curve's Time (its later points do not count)."""
    ends = [0]
    ends += [voice.sound_end for voice in voices]
    ends += [round_half_away((e.time + (e.duration or 0.0)) * fs) for e in events]
    ends += [round_half_away(c.time * fs) for c in controls]
    return max(ends)


def mix(voices, length):
    """§4: haptic bus H = sum of haptic events; §3 Silence: exactly 0 elsewhere."""
    bus = [0.0] * length
    for voice in voices:
        for k, (level, phase) in enumerate(zip(voice.level, voice.phase)):
            n = voice.n0 + k
            if n < length and level != 0.0:
                bus[n] += level * math.sin(2.0 * math.pi * phase)
    return bus


def render(path, fs):
    events, controls = load_pattern(path)
    timelines = build_timelines(controls)
    voices = render_voices(events, timelines, fs)
    length = pattern_length(events, controls, voices, fs)
    return mix(voices, length)


def write_float32(samples, path):
    """Little-endian float32, computed in double."""
    with open(path, "wb") as handle:
        handle.write(struct.pack("<%df" % len(samples), *samples))


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: reference_model.py PATTERN.ahap RATE OUT.f32\n")
        return 64
    try:
        samples = render(argv[1], int(argv[2]))
    except Refusal as refusal:
        sys.stderr.write("reference_model.py: %s\n" % refusal)
        return 3
    write_float32(samples, argv[3])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
