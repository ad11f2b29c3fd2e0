"""Counting a hand from a phone's photo: upload to answer, through the real server.

    .venv/bin/python benchmarks/photo_upload_bench.py [--photos 20] [--seed 1]

The phones' server runs in this process with its desk answering as the loop does (a
score-keeper game, so every tile of the set is allowed and the reading alone decides); each
synthetic photo of tests/helpers/photo_synth.py is sent as the page sends it (JPEG, at most 1,600 px
a side) to ``/t/TOKEN/photo`` and timed from the first byte sent to the answer read: the body's
upload, the checks, the reader's bounded child process (Python and OpenCV starting, decoding,
reading) and the table's settling. Printed: the times (median, p90, max), the hands whose
tiles all came back settled and right, and this process's resident memory before and after
(the reading's memory is the child's: the server's should not grow).
"""

from __future__ import annotations

import argparse
import http.client
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "helpers"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=20, help="how many photos to send")
    parser.add_argument("--seed", type=int, default=1, help="the first photo's seed")
    args = parser.parse_args()

    import cv2
    from photo_synth import make_photo

    from engine import Game, NewGame, StartRound
    from hubd.config.schema import WebConfig
    from hubd.values.snapshot import Snapshot
    from hubd.web.guard import Limits
    from hubd.web.start import start_web

    names = ("Ana", "Ben", "Chen", "Dee")
    game = Game.from_events([NewGame(names, {"mode": "scores", "rounds": 3, "preset": "classic"}),
                             StartRound("Ana")])  # fmt: skip
    limits = Limits(requests_per_s=1000, writes_per_s=1000, photos_per_minute=100_000)
    folder = Path(tempfile.mkdtemp())
    desk_box: list = []  # type: ignore[type-arg]

    def answer(request: object) -> None:
        desk_box[0].handle(request, game.state, 1, lambda _event: True)
        publish()

    def publish() -> None:
        desk_box[0].publish(Snapshot(game_id=1, state=game.state))

    desk, close = start_web(
        WebConfig(bind="127.0.0.1", port=0, plain_port=0), folder, answer, limits
    )  # type: ignore[arg-type]
    assert desk is not None
    desk_box.append(desk)
    publish()
    port = int(desk.base_url.rsplit(":", 1)[1])
    token = desk.token(1)
    phone = "c" * 32

    def post(path: str, body: bytes, kind: str) -> dict[str, Any]:
        """One request on a connection of its own (as a phone's page makes after a photo)."""
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        try:
            connection.request("POST", path, body, {"Content-Type": kind})
            got: dict[str, Any] = json.loads(connection.getresponse().read())
            return got
        finally:
            connection.close()

    claim = json.dumps({"phone": phone, "seat": 1, "round": game.state.round}).encode()
    assert post(f"/t/{token}/claim", claim, "application/json")["ok"]

    highest = game.state.rules.highest  # type: ignore[union-attr]
    photos = []
    for seed in range(args.seed, args.seed + args.photos):
        made = make_photo(seed, highest)
        image = made.image
        scale = min(1.0, 1600 / max(image.shape[:2]))
        if scale < 1:
            image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
        ok, jpeg = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
        assert ok
        photos.append((jpeg.tobytes(), sorted(tuple(sorted(tile)) for tile in made.tiles)))
    sizes = [len(body) for body, _tiles in photos]
    times: list[float] = []
    right = asked = wrong = refused = 0
    before = rss_mb()
    for body, wanted in photos:
        path = f"/t/{token}/photo?seat=1&round={game.state.round}&lang=en"
        start = time.perf_counter()
        got = post(path, body, "image/jpeg")
        times.append(time.perf_counter() - start)
        if not got.get("ok"):
            refused += 1
            continue
        read = sorted(tuple(item["tile"]) for item in got["tiles"] if item["tile"])
        questions = [item for item in got["tiles"] if not item["tile"]]
        if questions:
            asked += 1
        elif read == wanted:
            right += 1
        else:
            wrong += 1
    after = rss_mb()
    close()
    times.sort()
    print(f"photos sent: {len(times)} (double-{highest}, 1-10 tiles each, JPEG "
          f"{min(sizes) // 1000}-{max(sizes) // 1000} kB)")  # fmt: skip
    print(
        f"upload to answer: median {statistics.median(times) * 1000:.0f} ms, "
        f"p90 {times[int(0.9 * (len(times) - 1))] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
    )
    print(
        f"hands: {right} read whole and right, {asked} with a question, {refused} refused "
        f"(said why), {wrong} settled wrong (of {len(times)})"
    )
    print(f"server process RSS: {before:.0f} MB before, {after:.0f} MB after")


if __name__ == "__main__":
    main()
