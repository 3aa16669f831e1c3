package dev.routing.engine.counterfactual;

import java.util.List;

/** The longest common subsequence of two short lists: which items each side shares with the other, in order. */
final class Lcs {
    private Lcs() {}

    /** {@code [0][i]}: the first list's item i is in the common subsequence; {@code [1][j]}: the second's item j. */
    static boolean[][] common(List<String> a, List<String> b) {
        int n = a.size();
        int m = b.size();
        int[][] len = new int[n + 1][m + 1];
        for (int i = n - 1; i >= 0; i--) {
            for (int j = m - 1; j >= 0; j--) {
                len[i][j] = a.get(i).equals(b.get(j)) ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
            }
        }
        boolean[][] kept = {new boolean[n], new boolean[m]};
        int i = 0;
        int j = 0;
        while (i < n && j < m) {
            if (a.get(i).equals(b.get(j))) {
                kept[0][i++] = true;
                kept[1][j++] = true;
            } else if (len[i + 1][j] >= len[i][j + 1]) {
                i++;
            } else {
                j++;
            }
        }
        return kept;
    }
}
