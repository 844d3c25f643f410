from games.board import HOLES, PER_ROW, board


def test_each_player_has_120_holes_and_a_peg_at_their_score():
    drawn = board((45, 0), (40, 0))
    you, computer = drawn.tracks
    assert len(you.holes) == len(computer.holes) == HOLES
    assert (you.front.number, you.back.number) == (45, 40)
    assert computer.front is None and computer.back is None


def test_the_streets_run_back_and_forth():
    track = board((0, 0), (0, 0)).tracks[0]
    first_row_end, second_row_start = track.holes[PER_ROW - 1], track.holes[PER_ROW]
    assert first_row_end.x == second_row_start.x
    assert second_row_start.y > first_row_end.y


def test_121_is_the_game_hole():
    drawn = board((121, 118), (117, 110))
    assert drawn.tracks[0].front == drawn.game_hole
    assert drawn.tracks[1].front.number == 118


def test_no_hole_lies_outside_the_board():
    drawn = board((0, 0), (0, 0))
    for track in drawn.tracks:
        for hole in track.holes:
            assert 0 < hole.x < drawn.width and 0 < hole.y < drawn.height


def test_each_rows_end_is_numbered_beside_its_hole():
    track = board((0, 0), (0, 0)).tracks[0]
    assert [number.number for number in track.numbers] == [30, 60, 90, 120]
    for number in track.numbers:
        hole = track.holes[number.number - 1]
        assert abs(number.x - hole.x) < 12 and abs(number.y - hole.y) < 4


def test_the_skunk_lines_stand_between_90_and_91_and_60_and_61_on_both_tracks():
    drawn = board((0, 0), (0, 0))
    for track in drawn.tracks:
        lines = {line.hole: line for line in track.skunk_lines}
        assert set(lines) == {61, 91}
        assert lines[91].name == "skunk" and lines[61].name == "double skunk"
        assert lines[61].double and not lines[91].double
        for hole, line in lines.items():
            after, before = track.holes[hole - 1], track.holes[hole - 2]
            assert min(after.y, before.y) < line.y < max(after.y, before.y)
            assert line.x1 < after.x < line.x2
